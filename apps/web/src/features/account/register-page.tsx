import { zodResolver } from '@hookform/resolvers/zod';
import { SITE } from '@makhana/domain/site';
import { registerFormSchema } from '@makhana/domain/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginUser } from '../../api/login-user';
import { registerUser } from '../../api/register-user';
import { CheckboxField, FormAlert, TextField } from '../../components/form-field';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../stores/hooks';
import { AuthShell } from './auth-shell';
import { type LoginNavState, readLoginState } from './login-state';
import { notifyError, rejection, useErrorQueryToast } from './notify';

/** Sign-up; on success the code is sent at once, so the new customer signs in without retyping. */
export function RegisterPage() {
  usePageMeta({ title: `Create your account | ${SITE.brand}`, canonicalPath: '/register' });
  useErrorQueryToast();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { from } = readLoginState(location.state);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    // The terms box starts unticked; an unticked box reads as false, which the schema refuses.
    defaultValues: { firstName: '', lastName: '', email: '', phoneNumber: '' },
  });

  const submit = handleSubmit(async ({ terms: _accepted, ...fields }) => {
    setServerError(null);
    try {
      await dispatch(registerUser(fields)).unwrap();
    } catch (reason) {
      const message = rejection(reason);
      setServerError(message);
      notifyError(message);
      return;
    }
    toast.success('Account created successfully');
    const next: LoginNavState = { from, email: fields.email };
    try {
      await dispatch(loginUser({ email: fields.email })).unwrap();
      toast.success('OTP Send successfully');
      Object.assign(next, { step: 'otp', sentAt: Date.now() });
    } catch (reason) {
      // The account exists; the customer asks for the code again on the e-mail step.
      notifyError(rejection(reason));
    }
    navigate('/login', { state: next });
  });

  return (
    <AuthShell
      eyebrow="Join us"
      title="Create your account"
      subtitle="Save your addresses, track orders and check out faster."
    >
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
        </div>
        <TextField
          label="Email address"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          registration={register('phoneNumber')}
          error={errors.phoneNumber?.message}
        />
        <CheckboxField
          label={
            <>
              I accept the{' '}
              <Link
                to="/term-conditions"
                className="font-semibold text-forest-700 underline underline-offset-4"
              >
                terms and conditions
              </Link>
            </>
          }
          registration={register('terms')}
          error={errors.terms?.message}
        />
        <FormAlert message={serverError} />
        <button type="submit" className="btn-primary h-12 w-full text-base" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account…' : 'Create account'}
        </button>
      </form>
      <p className="mt-8 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link
          to="/login"
          state={location.state}
          className="font-semibold text-forest-700 underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}
