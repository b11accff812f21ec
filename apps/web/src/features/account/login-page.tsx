import { zodResolver } from '@hookform/resolvers/zod';
import { API_BASE } from '@makhana/domain/api';
import { SITE } from '@makhana/domain/site';
import { loginEmailSchema, loginVerifySchema } from '@makhana/domain/validation';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginUser } from '../../api/login-user';
import { loginVerification } from '../../api/verify-login';
import { FormAlert, OtpField, TextField } from '../../components/form-field';
import { GoogleIcon } from '../../components/icons';
import { apiRequest } from '../../lib/api-client';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../stores/hooks';
import { AuthShell, OrDivider } from './auth-shell';
import {
  type LoginNavState,
  readLoginState,
  rememberGoogleReturn,
  returnPath,
} from './login-state';
import { notifyError, rejection, useErrorQueryToast } from './notify';

export const RESEND_AFTER_SECONDS = 60;

type Step = { name: 'email' } | { name: 'otp'; email: string; sentAt: number };

/** Customer sign-in: e-mail, then the code mailed to it (docs/product.md#sign-in-screens). */
export function LoginPage() {
  usePageMeta({ title: `Login | ${SITE.brand}`, canonicalPath: '/login' });
  useErrorQueryToast();
  const location = useLocation();
  const navigate = useNavigate();
  const handed = readLoginState(location.state);
  const [email, setEmail] = useState(handed.email ?? '');
  const [step, setStep] = useState<Step>(() =>
    handed.step === 'otp' && handed.email
      ? { name: 'otp', email: handed.email, sentAt: handed.sentAt ?? Date.now() }
      : { name: 'email' },
  );
  const from = returnPath(location);

  return (
    <AuthShell
      eyebrow="Welcome back"
      title={step.name === 'email' ? 'Sign in to your account' : 'Enter your code'}
      subtitle={
        step.name === 'email' ? (
          'We will e-mail you a one-time code. No password needed.'
        ) : (
          <>
            We sent a 6-digit code to <strong className="text-ink">{step.email}</strong>
          </>
        )
      }
    >
      {step.name === 'email' ? (
        <EmailStep
          email={email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep({ name: 'otp', email: sentTo, sentAt: Date.now() });
          }}
          returnTo={from}
        />
      ) : (
        <OtpStep
          key={step.email}
          email={step.email}
          sentAt={step.sentAt}
          onResent={(sentAt) => setStep({ ...step, sentAt })}
          onBack={() => setStep({ name: 'email' })}
          onVerified={() => navigate(from, { replace: true })}
        />
      )}
    </AuthShell>
  );
}

function EmailStep({
  email,
  onSent,
  returnTo,
}: {
  email: string;
  onSent: (email: string) => void;
  /** where the sign-in returns: after Google's round trip, or a sign-up begun here */
  returnTo: string;
}) {
  const dispatch = useAppDispatch();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginEmailSchema), defaultValues: { email } });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await dispatch(loginUser({ email: values.email })).unwrap();
      toast.success('OTP Send successfully');
      onSent(values.email);
    } catch (reason) {
      const message = rejection(reason);
      setServerError(message);
      notifyError(message);
    }
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          registration={register('email')}
          error={errors.email?.message}
        />
        <FormAlert message={serverError} />
        <button type="submit" className="btn-primary h-12 w-full text-base" disabled={isSubmitting}>
          {isSubmitting ? 'Sending code…' : 'Send code'}
        </button>
      </form>
      <OrDivider />
      <GoogleButton returnTo={returnTo} />
      <p className="mt-8 text-center text-sm text-muted">
        New to {SITE.brand}?{' '}
        <Link
          to="/register"
          state={{ from: returnTo } satisfies LoginNavState}
          className="font-semibold text-forest-700 underline-offset-4 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </>
  );
}

const GOOGLE_OFF = 'Google sign-in is not available in this shop yet.';

/**
 * Whether this shop has Google sign-in set up: null until the server has said. Not knowing (not
 * answered yet, or the call failed) leaves the button live; the server then sends the shopper back
 * here with its reason.
 */
function useGoogleConfigured(): boolean | null {
  const [configured, setConfigured] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<{ configured: boolean }>('/users/auth/google/status', {
      signal: controller.signal,
    }).then(
      (status) => setConfigured(status.configured),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return configured;
}

const googleButtonClass =
  'btn h-12 w-full border border-cream-200 bg-white text-base text-ink shadow-sm';

function GoogleButton({ returnTo }: { returnTo: string }) {
  const configured = useGoogleConfigured();
  const reasonId = useId();
  if (configured === false) {
    return (
      <div>
        <button
          type="button"
          disabled
          aria-describedby={reasonId}
          className={`${googleButtonClass} cursor-not-allowed opacity-60`}
        >
          <GoogleIcon />
          Continue with Google
        </button>
        <p id={reasonId} className="mt-2 text-center text-sm text-muted">
          {GOOGLE_OFF}
        </p>
      </div>
    );
  }
  return (
    <a
      href={`${API_BASE}/users/auth/google`}
      onClick={() => rememberGoogleReturn(returnTo)}
      className={`${googleButtonClass} hover:bg-cream-100`}
    >
      <GoogleIcon />
      Continue with Google
    </a>
  );
}

function useSecondsLeft(sentAt: number, total: number): number {
  const left = () => Math.max(0, Math.ceil((sentAt + total * 1000 - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts when a new code is sent
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [sentAt, total]);
  return seconds;
}

function OtpStep({
  email,
  sentAt,
  onResent,
  onBack,
  onVerified,
}: {
  email: string;
  sentAt: number;
  onResent: (sentAt: number) => void;
  onBack: () => void;
  onVerified: () => void;
}) {
  const dispatch = useAppDispatch();
  const otpId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const secondsLeft = useSecondsLeft(sentAt, RESEND_AFTER_SECONDS);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginVerifySchema), defaultValues: { email, otp: '' } });

  const fail = (reason: unknown) => {
    const message = rejection(reason);
    setServerError(message);
    notifyError(message);
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await dispatch(loginVerification(values)).unwrap();
      toast.success('User Login successfully');
      onVerified();
    } catch (reason) {
      fail(reason);
    }
  });

  const resend = async () => {
    setServerError(null);
    setResending(true);
    try {
      await dispatch(loginUser({ email })).unwrap();
      toast.success('OTP Send successfully');
      onResent(Date.now());
    } catch (reason) {
      fail(reason);
    } finally {
      setResending(false);
    }
  };

  const otpError = errors.otp?.message;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <OtpField id={otpId} registration={register('otp')} error={otpError} />
      <FormAlert message={serverError} />
      <button type="submit" className="btn-primary h-12 w-full text-base" disabled={isSubmitting}>
        {isSubmitting ? 'Verifying…' : 'Verify and sign in'}
      </button>
      <div className="flex items-center justify-between gap-3 text-sm">
        <button
          type="button"
          onClick={onBack}
          className="inline-flex h-10 items-center gap-1 rounded-full px-3 font-semibold text-forest-700 hover:bg-forest-50"
        >
          <span aria-hidden="true">←</span> Back
        </button>
        <button
          type="button"
          onClick={resend}
          disabled={secondsLeft > 0 || resending}
          className="inline-flex h-10 items-center rounded-full px-3 font-semibold text-forest-700 hover:bg-forest-50 disabled:cursor-not-allowed disabled:text-muted disabled:hover:bg-transparent"
        >
          {secondsLeft > 0 ? `Resend code in ${secondsLeft}s` : 'Resend code'}
        </button>
      </div>
    </form>
  );
}
