import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@makhana/domain/account';
import {
  approvalSentMessage,
  codeSentMessage,
  EMAIL_CHANGE_MESSAGES,
} from '@makhana/domain/email-change';
import { profileSchema } from '@makhana/domain/validation';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loadUser } from '../../api/load-user';
import { updateAccount } from '../../api/update-account';
import { FormAlert, OtpField, SelectField, TextField } from '../../components/form-field';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../stores/hooks';
import {
  approveEmailChange,
  confirmEmailChange,
  emailCodeSchema,
} from './api/confirm-email-change';
import { resendEmailChangeCode } from './api/resend-email-change-code';
import { type EmailChangeUnderWay, emailChangeOf } from './email-change';
import { notifyError, rejection } from './notify';

function formValues(user: User) {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    gender: user.gender ?? ('' as const),
    email: user.email ?? '',
    phoneNumber: user.phoneNumber ?? '',
  };
}

/** Reading the profile, editing it, or entering a code of an e-mail change under way. */
type Mode = { name: 'view' } | { name: 'edit' } | ({ name: 'code' } & EmailChangeUnderWay);

export function ProfileSection({ user }: { user: User }) {
  const [mode, setMode] = useState<Mode>({ name: 'view' });
  const view = () => setMode({ name: 'view' });

  if (mode.name === 'edit') {
    return (
      <ProfileForm
        user={user}
        onDone={view}
        onPending={(change) => setMode({ name: 'code', ...change })}
      />
    );
  }
  const rows: [string, string][] = [
    ['First name', user.firstName],
    ['Last name', user.lastName],
    ['Gender', user.gender ?? 'Not specified'],
    ['Email address', user.email],
    ['Mobile number', user.phoneNumber],
  ];
  return (
    <div>
      <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-cream-50 px-4 py-3">
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
            <dd className="mt-1 wrap-anywhere text-base text-ink">{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {mode.name === 'code' ? (
        <EmailCodeStep
          key={`${mode.step}:${mode.pendingEmail}`}
          user={user}
          change={mode}
          onNext={(change) => setMode({ name: 'code', ...change })}
          onDone={view}
        />
      ) : (
        <button
          type="button"
          className="btn-primary mt-6"
          onClick={() => setMode({ name: 'edit' })}
        >
          Edit
        </button>
      )}
    </div>
  );
}

function ProfileForm({
  user,
  onDone,
  onPending,
}: {
  user: User;
  onDone: () => void;
  /** the save asked for a new e-mail: a code went out, and the e-mail waits for it */
  onPending: (change: EmailChangeUnderWay) => void;
}) {
  const dispatch = useAppDispatch();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(profileSchema), defaultValues: formValues(user) });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = await dispatch(updateAccount(values)).unwrap();
      const change = emailChangeOf(saved);
      if (change) {
        toast.success(sentMessage(user, change));
        onPending(change);
        return;
      }
      toast.success('Profile updated successfully');
      onDone();
    } catch (reason) {
      const message = rejection(reason);
      setServerError(message);
      notifyError(message);
    }
  });

  const cancel = () => {
    reset(formValues(user));
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          registration={register('firstName')}
          error={errors.firstName?.message}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          registration={register('lastName')}
          error={errors.lastName?.message}
        />
        <SelectField
          label="Gender"
          registration={register('gender')}
          error={errors.gender?.message}
        >
          <option value="">Prefer not to say</option>
          <option value="Male">Male</option>
          <option value="Female">Female</option>
        </SelectField>
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          registration={register('phoneNumber')}
          error={errors.phoneNumber?.message}
        />
      </div>
      <FormAlert message={serverError} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn-outline" onClick={cancel} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** What the shopper hears after a code of `change` was mailed. */
function sentMessage(user: User, change: EmailChangeUnderWay): string {
  return change.step === 'approve'
    ? approvalSentMessage(user.email, change.pendingEmail)
    : codeSentMessage(change.pendingEmail);
}

/**
 * A code of the change under way: first the one mailed to the current address, which approves
 * the change, then the one mailed to the new address, which makes it.
 */
function EmailCodeStep({
  user,
  change,
  onNext,
  onDone,
}: {
  user: User;
  change: EmailChangeUnderWay;
  /** the change moved on (approved) or started again (a new code asked for) */
  onNext: (change: EmailChangeUnderWay) => void;
  onDone: () => void;
}) {
  const dispatch = useAppDispatch();
  const otpId = useId();
  const headingId = useId();
  const promptId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(emailCodeSchema), defaultValues: { otp: '' } });
  const approving = change.step === 'approve';
  const sentTo = approving ? user.email : change.pendingEmail;
  const [action, working] = approving ? ['Approve', 'Approving…'] : ['Confirm', 'Confirming…'];

  const fail = (reason: unknown) => {
    const message = rejection(reason);
    setServerError(message);
    notifyError(message);
  };

  const submit = handleSubmit(async ({ otp }) => {
    setServerError(null);
    try {
      if (approving) {
        const next = emailChangeOf(await approveEmailChange(otp)) ?? {
          pendingEmail: change.pendingEmail,
          step: 'verify' as const,
        };
        toast.success(sentMessage(user, next));
        onNext(next);
        return;
      }
      await confirmEmailChange(otp);
      await dispatch(loadUser()).unwrap();
      toast.success(EMAIL_CHANGE_MESSAGES.updated);
      onDone();
    } catch (reason) {
      fail(reason);
    }
  });

  const resend = async () => {
    setServerError(null);
    setResending(true);
    try {
      const next = emailChangeOf(await resendEmailChangeCode(user, change.pendingEmail)) ?? change;
      toast.success(sentMessage(user, next));
      reset({ otp: '' });
      if (next.step !== change.step) onNext(next);
    } catch (reason) {
      fail(reason);
    } finally {
      setResending(false);
    }
  };

  const otpError = errors.otp?.message;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="mt-6 max-w-md space-y-5 rounded-2xl border border-cream-200 bg-white p-5 shadow-sm"
    >
      <div>
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">
          Step {approving ? 1 : 2} of 2
        </p>
        <h3 id={headingId} className="font-display text-lg font-semibold text-forest-800">
          {approving ? 'Approve the change from your current e-mail' : 'Confirm your new e-mail'}
        </h3>
        <p id={promptId} className="mt-1 break-words text-sm text-muted">
          Enter the code we sent to <strong className="text-ink">{sentTo}</strong>
          {approving && (
            <>
              {' '}
              to approve changing your e-mail to{' '}
              <strong className="text-ink">{change.pendingEmail}</strong>
            </>
          )}
        </p>
      </div>
      <OtpField id={otpId} registration={register('otp')} error={otpError} promptId={promptId} />
      <FormAlert message={serverError} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? working : action}
        </button>
        <button
          type="button"
          onClick={resend}
          disabled={resending || isSubmitting}
          className="inline-flex h-10 items-center rounded-full px-3 font-semibold text-forest-700 hover:bg-forest-50 disabled:cursor-not-allowed disabled:text-muted disabled:hover:bg-transparent"
        >
          {resending ? 'Sending…' : 'Send a new code'}
        </button>
        <button type="button" className="btn-outline ml-auto" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
