import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@makhana/domain/account';
import { profileSchema } from '@makhana/domain/validation';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loadUser } from '../../api/load-user';
import { updateAccount } from '../../api/update-account';
import { FormAlert, OtpField, SelectField, TextField } from '../../components/form-field';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../stores/hooks';
import { confirmEmailChange, emailCodeSchema } from './api/confirm-email-change';
import { resendEmailChangeCode } from './api/resend-email-change-code';
import { codeSentMessage, EMAIL_UPDATED, pendingEmailOf } from './email-change';
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

/** Reading the profile, editing it, or confirming a new e-mail with the code mailed to it. */
type Mode = { name: 'view' } | { name: 'edit' } | { name: 'code'; email: string };

export function ProfileSection({ user }: { user: User }) {
  const [mode, setMode] = useState<Mode>({ name: 'view' });
  const view = () => setMode({ name: 'view' });

  if (mode.name === 'edit') {
    return (
      <ProfileForm
        user={user}
        onDone={view}
        onPending={(email) => setMode({ name: 'code', email })}
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
            <dd className="mt-1 break-words text-base text-ink">{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {mode.name === 'code' ? (
        <EmailCodeStep key={mode.email} user={user} email={mode.email} onDone={view} />
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
  /** the save asked for a new e-mail: a code went there, and the e-mail waits for it */
  onPending: (email: string) => void;
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
      const pending = pendingEmailOf(saved);
      if (pending) {
        toast.success(codeSentMessage(pending));
        onPending(pending);
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

/** The code mailed to the new address; entering it is what changes the e-mail. */
function EmailCodeStep({ user, email, onDone }: { user: User; email: string; onDone: () => void }) {
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

  const fail = (reason: unknown) => {
    const message = rejection(reason);
    setServerError(message);
    notifyError(message);
  };

  const submit = handleSubmit(async ({ otp }) => {
    setServerError(null);
    try {
      await confirmEmailChange(otp);
      await dispatch(loadUser()).unwrap();
      toast.success(EMAIL_UPDATED);
      onDone();
    } catch (reason) {
      fail(reason);
    }
  });

  const resend = async () => {
    setServerError(null);
    setResending(true);
    try {
      await resendEmailChangeCode(user, email);
      toast.success(codeSentMessage(email));
      reset({ otp: '' });
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
        <h3 id={headingId} className="font-display text-lg font-semibold text-forest-800">
          Confirm your new e-mail
        </h3>
        <p id={promptId} className="mt-1 break-words text-sm text-muted">
          Enter the code we sent to <strong className="text-ink">{email}</strong>
        </p>
      </div>
      <OtpField id={otpId} registration={register('otp')} error={otpError} promptId={promptId} />
      <FormAlert message={serverError} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Confirming…' : 'Confirm'}
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
