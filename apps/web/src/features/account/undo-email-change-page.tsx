import {
  EMAIL_CHANGE_MESSAGES,
  EMAIL_UNDO_PATH,
  undoneMessage,
} from '@makhana/domain/email-change';
import { SITE } from '@makhana/domain/site';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormAlert } from '../../components/form-field';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { sessionExpired } from '../../stores/auth-slice';
import { useAppDispatch } from '../../stores/hooks';
import { undoEmailChange } from './api/undo-email-change';
import { notifyError, rejection } from './notify';

type State =
  | { name: 'asking' }
  | { name: 'undoing' }
  | { name: 'undone'; email: string }
  | { name: 'refused'; message: string };

/**
 * Where the link mailed to a customer's old address lands after an e-mail change. The token
 * rides in the fragment, which no server, log or referrer sees, and leaves the address bar at
 * once; nothing happens until the customer presses the button (a mail scanner opening the link
 * undoes nothing).
 */
export function UndoEmailChangePage() {
  usePageMeta({ title: `Undo an e-mail change | ${SITE.brand}` });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  // Read once: the address loses the token on the first effect.
  const token = useRef(location.hash.slice(1)).current;
  const [state, setState] = useState<State>(
    token
      ? { name: 'asking' }
      : { name: 'refused', message: EMAIL_CHANGE_MESSAGES.undoLinkMissing },
  );

  useEffect(() => {
    if (location.hash) navigate(EMAIL_UNDO_PATH, { replace: true });
  }, [location.hash, navigate]);

  const undo = async () => {
    setState({ name: 'undoing' });
    try {
      const { email } = await undoEmailChange(token);
      // Every session of the account ended, this browser's too.
      dispatch(sessionExpired());
      toast.success(undoneMessage(email));
      setState({ name: 'undone', email });
    } catch (reason) {
      const message = rejection(reason);
      notifyError(message);
      setState({ name: 'refused', message });
    }
  };

  return (
    <div className="container-page grid min-h-[60dvh] place-items-center py-12 sm:py-16">
      <section aria-labelledby={headingId} className="card w-full max-w-lg space-y-5 p-6 sm:p-8">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-saffron-700">
            Your account
          </p>
          <h1
            id={headingId}
            className="mt-1 font-display text-2xl font-semibold text-forest-800 sm:text-3xl"
          >
            {state.name === 'undone' ? 'Your e-mail is back' : 'Undo the e-mail change'}
          </h1>
        </div>
        {state.name === 'undone' ? (
          <>
            <p role="status" className="text-base text-ink">
              {undoneMessage(state.email)}
            </p>
            <Link to="/login" className="btn-primary">
              Sign in
            </Link>
          </>
        ) : (
          <>
            <p className="text-base text-ink">
              The e-mail of your {SITE.brand} account was changed. If you did not make that change,
              undo it: your e-mail goes back to the address this link was sent to, and every session
              of your account is signed out, whoever holds it.
            </p>
            <p className="text-sm text-muted">
              Made the change yourself? There is nothing to do; you can close this page.
            </p>
            <FormAlert message={state.name === 'refused' ? state.message : null} />
            {state.name === 'refused' ? (
              <p className="text-sm text-muted">
                Need help? Write to{' '}
                <a
                  className="font-semibold text-forest-700 underline"
                  href={`mailto:${SITE.supportEmail}`}
                >
                  {SITE.supportEmail}
                </a>
                .
              </p>
            ) : (
              <button
                type="button"
                className="btn-primary"
                disabled={state.name === 'undoing'}
                onClick={undo}
              >
                {state.name === 'undoing' ? 'Undoing…' : 'Undo the change'}
              </button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
