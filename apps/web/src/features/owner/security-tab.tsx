import { zodResolver } from '@hookform/resolvers/zod';
import { confirmSecondFactorSchema } from '@makhana/domain/second-factor';
import { SITE } from '@makhana/domain/site';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loadAdmin } from '../../api/load-admin';
import { TextField } from '../../components/form-field';
import { LockIcon } from '../../components/icons';
import { errorMessage, saveBlob } from '../../lib/api-client';
import { formatOrderMoment } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import {
  type SecondFactorSetup,
  useConfirmSecondFactorMutation,
  useGetOwnerSessionsQuery,
  useRevokeOtherOwnerSessionsMutation,
  useRevokeOwnerSessionMutation,
  useStartSecondFactorSetupMutation,
} from './api/second-factor';

/** The key in groups of four, as an app's "enter a key" screen reads best. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The owner's security: the second factor (what it is, setting it up, the recovery codes shown
 * once) and the live sessions.
 */
export function SecurityTab() {
  const admin = useAppSelector((state) => state.auth.admin);
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [start, { isLoading: starting }] = useStartSecondFactorSetupMutation();

  const begin = async () => {
    try {
      setSetup(await start().unwrap());
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message, { toastId: message });
    }
  };

  if (recoveryCodes) {
    return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  }

  return (
    <div className="space-y-6">
      <SecondFactorCard
        secondFactor={admin?.secondFactor ?? false}
        setup={setup}
        starting={starting}
        canStart={admin !== null}
        onStart={begin}
        onConfirmed={setRecoveryCodes}
      />
      <Sessions />
    </div>
  );
}

function SecondFactorCard({
  secondFactor,
  setup,
  starting,
  canStart,
  onStart,
  onConfirmed,
}: {
  secondFactor: boolean;
  setup: SecondFactorSetup | null;
  starting: boolean;
  canStart: boolean;
  onStart: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  return (
    <section aria-labelledby="second-factor-heading" className="card max-w-2xl p-5 sm:p-8">
      <div className="flex items-start gap-4">
        <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-forest-50 text-forest-700">
          <LockIcon className="h-5 w-5" />
        </span>
        <div>
          <h2
            id="second-factor-heading"
            className="font-display text-2xl font-semibold text-forest-800"
          >
            Second factor
          </h2>
          {secondFactor ? (
            <p className="mt-2 text-sm text-ink">
              <strong className="font-semibold text-forest-800">On.</strong> Signing in asks for the
              password and the code your authenticator app shows.
            </p>
          ) : (
            <p className="mt-2 text-sm text-ink">
              <strong className="font-semibold text-maroon-700">Off.</strong> Your password alone
              opens refunds, every customer's details and erasure. With a second factor, a stolen
              password is not enough, and nobody can keep you out by guessing.
            </p>
          )}
        </div>
      </div>

      {secondFactor ? (
        <p className="mt-6 rounded-xl bg-cream-50 px-4 py-3 text-sm text-muted">
          Lost your phone? Sign in with one of your recovery codes. With none left, run{' '}
          <code className="font-mono text-ink">npm run owner:password</code> on the server: it sets
          a new password and turns the second factor off, so you can set it up again here.
        </p>
      ) : setup ? (
        <SetUpSteps setup={setup} onConfirmed={onConfirmed} />
      ) : (
        <button
          type="button"
          className="btn-primary mt-6"
          onClick={onStart}
          disabled={starting || !canStart}
        >
          {starting ? 'Starting…' : 'Set up a second factor'}
        </button>
      )}
    </section>
  );
}

/** The owner's live sessions: where and when, each signed out on its own, or all but this one. */
function Sessions() {
  const {
    data: sessions,
    isLoading,
    isError,
    refetch,
  } = useGetOwnerSessionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [revoke, { isLoading: revoking }] = useRevokeOwnerSessionMutation();
  const [revokeOthers, { isLoading: revokingOthers }] = useRevokeOtherOwnerSessionsMutation();
  const others = sessions?.filter((session) => !session.current) ?? [];

  const run = async (work: () => Promise<string>) => {
    try {
      toast.success(await work());
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message, { toastId: message });
    }
  };

  return (
    <section aria-labelledby="sessions-heading" className="card max-w-2xl p-5 sm:p-8">
      <h2 id="sessions-heading" className="font-display text-2xl font-semibold text-forest-800">
        Where you are signed in
      </h2>
      <p className="mt-2 text-sm text-muted">
        Each session ends by itself some hours after its sign-in, and sooner when left unused. Sign
        out any you do not know.
      </p>
      {isLoading ? (
        <p className="mt-5 text-sm text-muted">Loading…</p>
      ) : isError || !sessions ? (
        <p className="mt-5 text-sm text-maroon-700">
          The sessions could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul aria-label="Sessions" className="mt-5 divide-y divide-cream-200">
          {sessions.map((session) => (
            <li
              key={session._id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-ink">
                  {session.device}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-forest-50 px-2 py-0.5 text-xs font-semibold text-forest-800">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-muted">
                  {session.clientIp || 'Address not known'} · signed in{' '}
                  {formatOrderMoment(session.signedInAt)} · last used{' '}
                  {formatOrderMoment(session.lastUsedAt)}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="btn-outline shrink-0 self-start px-4 py-1.5 text-sm sm:self-auto"
                  disabled={revoking}
                  aria-label={`Sign out ${session.device}, ${session.clientIp}`}
                  onClick={() => run(() => revoke(session._id).unwrap())}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <button
          type="button"
          className="btn border border-maroon-600/40 mt-4 text-maroon-700 hover:bg-maroon-600/5"
          disabled={revokingOthers}
          onClick={() => run(() => revokeOthers().unwrap())}
        >
          Sign out everywhere else
        </button>
      )}
    </section>
  );
}

function SetUpSteps({
  setup,
  onConfirmed,
}: {
  setup: SecondFactorSetup;
  onConfirmed: (codes: string[]) => void;
}) {
  const dispatch = useAppDispatch();
  const [confirm] = useConfirmSecondFactorMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(confirmSecondFactorSchema),
    defaultValues: { otp: '' },
  });

  const submit = handleSubmit(async ({ otp }) => {
    try {
      const codes = await confirm({ otp }).unwrap();
      onConfirmed(codes);
      toast.success('Second factor set up');
      await dispatch(loadAdmin());
    } catch (error) {
      const message = errorMessage(error);
      setError('otp', { message });
    }
  });

  return (
    <ol className="mt-6 space-y-6">
      <li>
        <h3 className="font-semibold text-ink">1. Add the shop to your authenticator app</h3>
        <p className="mt-1 text-sm text-muted">
          Scan the code with Google Authenticator, Microsoft Authenticator, 1Password or any app
          that makes 6-digit sign-in codes.
        </p>
        <div className="mt-4 flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <div className="rounded-xl border border-cream-200 bg-white p-3">
            <QRCodeSVG
              value={setup.otpauthUrl}
              size={176}
              level="M"
              role="img"
              title={`QR code to add ${SITE.brand} to an authenticator app`}
            />
          </div>
          <div className="min-w-0">
            <p className="text-sm text-muted">Can't scan? Enter this key in the app:</p>
            <p
              className="mt-1 font-mono text-base tracking-wide text-ink"
              data-testid="second-factor-key"
            >
              {grouped(setup.secret)}
            </p>
          </div>
        </div>
      </li>
      <li>
        <h3 className="font-semibold text-ink">2. Enter the code the app shows</h3>
        <form
          onSubmit={submit}
          noValidate
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <TextField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            containerClassName="sm:w-56"
            registration={register('otp')}
            error={errors.otp?.message}
          />
          <button type="submit" className="btn-primary h-12 sm:mt-7" disabled={isSubmitting}>
            {isSubmitting ? 'Checking…' : 'Turn on'}
          </button>
        </form>
      </li>
    </ol>
  );
}

/** Shown once, right after the set-up: the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const text = `${SITE.brand}: owner recovery codes\nEach works once, in place of the app's code.\n\n${codes.join('\n')}\n`;
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Copying was refused by the browser: download them instead.');
    }
  };

  return (
    <section aria-labelledby="recovery-codes-heading" className="card max-w-2xl p-5 sm:p-8">
      <h2
        id="recovery-codes-heading"
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl font-semibold text-forest-800 outline-none"
      >
        Your recovery codes
      </h2>
      <p className="mt-2 text-sm text-ink">
        The second factor is on. If your phone is lost, each of these codes signs you in once in
        place of the app's code. Keep them somewhere safe, away from your phone:{' '}
        <strong className="font-semibold">they are shown only now.</strong>
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-5 grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl bg-cream-50 p-4 font-mono text-base text-ink sm:grid-cols-3"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-outline"
          onClick={() =>
            saveBlob(new Blob([text], { type: 'text/plain' }), 'owner-recovery-codes.txt')
          }
        >
          Download
        </button>
        <button type="button" className="btn-outline" onClick={copy}>
          Copy
        </button>
        <button type="button" className="btn-primary" onClick={onDone}>
          I have kept them
        </button>
      </div>
    </section>
  );
}
