import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@makhana/domain/account';
import { profileSchema } from '@makhana/domain/validation';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  describedBy,
  FieldShell,
  FormAlert,
  inputClass,
  TextField,
} from '../../components/form-field';
import { updateAccount } from '../../stores/auth-slice';
import { useAppDispatch } from '../../stores/hooks';
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

export function ProfileSection({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);

  if (!editing) {
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
        <button type="button" className="btn-primary mt-6" onClick={() => setEditing(true)}>
          Edit
        </button>
      </div>
    );
  }
  return <ProfileForm user={user} onDone={() => setEditing(false)} />;
}

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const genderId = useId();
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
      await dispatch(updateAccount(values)).unwrap();
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
        <FieldShell id={genderId} label="Gender" error={errors.gender?.message}>
          <select
            id={genderId}
            className={inputClass}
            {...describedBy(genderId, errors.gender?.message)}
            {...register('gender')}
          >
            <option value="">Prefer not to say</option>
            <option value="Male">Male</option>
            <option value="Female">Female</option>
          </select>
        </FieldShell>
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
