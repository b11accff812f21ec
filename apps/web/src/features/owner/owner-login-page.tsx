import { zodResolver } from '@hookform/resolvers/zod';
import { SITE } from '@makhana/domain/site';
import { adminLoginSchema } from '@makhana/domain/validation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { loadAdmin } from '../../api/load-admin';
import { loginAdmin } from '../../api/login-admin';
import { TextField } from '../../components/form-field';
import { LockIcon } from '../../components/icons';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { SecondFactorField } from './second-factor-field';

const OWNER_AREA = '/owner/admin';

/**
 * Where a signed-in owner goes next: back to the owner page they were sent from (navigation state
 * `from`, or this very page when the owner area showed the sign-in in place), otherwise home.
 */
export function ownerReturnPath(state: unknown, here: string): string {
  const from =
    typeof state === 'object' && state !== null && 'from' in state
      ? (state as { from: unknown }).from
      : null;
  if (typeof from === 'string' && from.startsWith(`${OWNER_AREA}/`)) return from;
  if (here.startsWith(`${OWNER_AREA}/`)) return here;
  return '/';
}

function failureMessage(reason: unknown): string {
  if (typeof reason === 'string') return reason || 'server error';
  return 'server error';
}

/**
 * The owner's sign-in: e-mail and password, linked from no public page; then, for an owner with a
 * second factor, the code from the authenticator app (or a recovery code) in the same form.
 */
export function OwnerLoginPage() {
  usePageMeta({ title: `Owner sign-in | ${SITE.brand}`, noindex: true });
  const isAdminAuthenticated = useAppSelector((state) => state.auth.isAdminAuthenticated);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // Judged once: signing in here flips the flag before the sign-in's own sequence has finished.
  const [signedInAlready] = useState(() => isAdminAuthenticated);
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    if (needsCode) setFocus('otp');
  }, [needsCode, setFocus]);

  const submit = handleSubmit(async (credentials) => {
    const result = await dispatch(loginAdmin(credentials));
    if (loginAdmin.rejected.match(result)) {
      // The password was right: the code is asked for here, not reported as a failure.
      if (result.meta.needsOtp && !needsCode) {
        setNeedsCode(true);
        return;
      }
      const message = failureMessage(result.payload);
      toast.error(message, { toastId: message });
      return;
    }
    await dispatch(loadAdmin());
    toast.success('Admin login successfully');
    navigate(ownerReturnPath(location.state, `${location.pathname}${location.search}`), {
      replace: true,
    });
  });

  if (signedInAlready) {
    return <Navigate to={ownerReturnPath(location.state, `${OWNER_AREA}/dashboard`)} replace />;
  }

  return (
    <div className="bg-[radial-gradient(circle_at_top,#fbf6ea,transparent_70%)]">
      <div className="container-page py-10 sm:py-16">
        <div className="card mx-auto max-w-md px-5 py-8 sm:px-10 sm:py-12">
          <span className="grid h-12 w-12 place-items-center rounded-full bg-forest-50 text-forest-700">
            <LockIcon className="h-6 w-6" />
          </span>
          <p className="eyebrow mt-6">Owner area</p>
          <h1 className="mt-2 font-display text-3xl font-semibold text-forest-800">
            Owner sign-in
          </h1>
          <p className="mt-2 text-sm text-muted">
            Sign in to manage products, banners, customers and orders.
          </p>
          <form onSubmit={submit} noValidate className="mt-8 space-y-5">
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="username"
              registration={register('email')}
              error={errors.email?.message}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              registration={register('password')}
              error={errors.password?.message}
            />
            {needsCode && (
              <SecondFactorField
                hint="The 6 digits your app shows for this shop now, or one of your recovery codes."
                registration={register('otp')}
                error={errors.otp?.message}
              />
            )}
            <button
              type="submit"
              className="btn-primary h-12 w-full text-base"
              disabled={isSubmitting}
            >
              {isSubmitting ? 'Signing in…' : needsCode ? 'Verify and sign in' : 'Sign in'}
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}
