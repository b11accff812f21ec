import { SITE } from '@makhana/domain/site';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { googleLogin } from '../../api/google-login';
import { loadUser } from '../../api/load-user';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../stores/hooks';
import { takeGoogleReturn } from './login-state';
import { notifyError, rejection } from './notify';

/**
 * Where the API's Google callback lands with a single-use code: the code leaves the address bar
 * at once (history, shared links), then is exchanged for the session.
 */
export function GoogleLoginPage() {
  usePageMeta({ title: `Signing in | ${SITE.brand}` });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);
  // Read once: the address loses the code on the first effect.
  const code = useRef(params.get('code')).current;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code) {
      navigate('/login', { replace: true });
      return;
    }
    navigate('/google-login', { replace: true });
    (async () => {
      try {
        await dispatch(googleLogin({ code })).unwrap();
        await dispatch(loadUser()).unwrap();
      } catch (reason) {
        notifyError(rejection(reason));
        navigate('/login', { replace: true });
        return;
      }
      toast.success('User Login successfully');
      navigate(takeGoogleReturn(), { replace: true });
    })();
  }, [code, dispatch, navigate]);

  return (
    <div className="container-page grid min-h-[60dvh] place-items-center py-16">
      <div className="text-center" role="status">
        <span
          aria-hidden="true"
          className="mx-auto block h-12 w-12 rounded-full border-4 border-forest-100 border-t-saffron-500 motion-safe:animate-spin"
        />
        <h1 className="mt-6 font-display text-2xl font-semibold text-forest-800">
          Signing you in…
        </h1>
        <p className="mt-2 text-sm text-muted">This only takes a moment.</p>
      </div>
    </div>
  );
}
