import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, fail, ok, spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { LoginPage } from './login-page';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Landing({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

function renderLogin(entry: string | { pathname: string; state: unknown } = '/login') {
  return renderRoutes(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <Landing name="Home page" /> },
      { path: '/checkout', element: <Landing name="Checkout stand-in" /> },
      { path: '/product/:id', element: <Landing name="Product stand-in" /> },
    ],
    { initialEntries: [entry] },
  );
}

const session = { user: customer, accessToken: 'access-1', refreshToken: 'refresh-1' };

function happyApi() {
  return stubRoutes({
    'POST /users/loginUser': ok({ user: { email: customer.email } }),
    'POST /users/loginVerificationUser': (body) =>
      (body as { otp: string }).otp === '482913' ? ok(session) : fail(400, 'Invalid OTP'),
  });
}

const emailField = () => screen.getByLabelText('Email address');
const sendCode = () => screen.getByRole('button', { name: 'Send code' });

describe('LoginPage', () => {
  it("checks the e-mail with the shop's messages, linked to the field and focused", async () => {
    const api = happyApi();
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeTruthy();

    await user.click(sendCode());
    const required = await screen.findByText('Email is required');
    expect(emailField().getAttribute('aria-describedby')).toBe(required.id);
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(emailField());

    await user.type(emailField(), 'asha@example');
    await user.click(sendCode());
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(api.callsTo('POST /users/loginUser')).toHaveLength(0);
  });

  it('sends the code, then verifies it; only verification signs the customer in', async () => {
    const api = happyApi();
    const user = userEvent.setup();
    const { store, router } = renderLogin();

    await user.type(emailField(), 'Asha@Example.com');
    await user.click(sendCode());

    expect(await screen.findByText(/We sent a 6-digit code to/)).toBeTruthy();
    expect(screen.getByText('asha@example.com')).toBeTruthy();
    expect(api.callsTo('POST /users/loginUser')[0]?.body).toEqual({ email: 'asha@example.com' });
    expect(toasts.success).toHaveBeenCalledWith('OTP Send successfully');
    expect(store.getState().auth.user).toEqual({ email: 'asha@example.com' });
    expect(store.getState().auth.isUserAuthenticated).toBe(false);

    const otp = screen.getByLabelText('One-time code');
    expect(otp.getAttribute('inputmode')).toBe('numeric');
    expect(otp.getAttribute('autocomplete')).toBe('one-time-code');
    expect(otp.getAttribute('maxlength')).toBe('6');
    const resend = screen.getByRole('button', { name: /Resend code in \d+s/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('OTP is required')).toBeTruthy();
    await user.type(otp, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Please enter a valid OTP')).toBeTruthy();

    await user.clear(otp);
    await user.type(otp, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid OTP');
    expect(toasts.error).toHaveBeenCalledWith('Invalid OTP', { toastId: 'Invalid OTP' });
    expect(store.getState().auth.isUserAuthenticated).toBe(false);

    await user.clear(otp);
    await user.type(otp, '482913');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(toasts.success).toHaveBeenCalledWith('User Login successfully');
    expect(api.callsTo('POST /users/loginVerificationUser').at(-1)?.body).toEqual({
      email: 'asha@example.com',
      otp: '482913',
    });
    const { auth } = store.getState();
    expect(auth.isUserAuthenticated).toBe(true);
    expect(auth.user).toEqual(customer);
    // The answer's tokens are for API clients: the browser's session is in httpOnly cookies.
    const kept = JSON.stringify(store.getState()) + JSON.stringify({ ...localStorage });
    expect(kept).not.toContain('access-1');
    expect(kept).not.toContain('refresh-1');
  });

  it('goes back to the e-mail step with the address kept', async () => {
    happyApi();
    const user = userEvent.setup();
    renderLogin();
    await user.type(emailField(), 'asha@example.com');
    await user.click(sendCode());
    await screen.findByLabelText('One-time code');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((emailField() as HTMLInputElement).value).toBe('asha@example.com');
    expect(screen.queryByLabelText('One-time code')).toBeNull();
  });

  it('returns to the page the sign-in was asked from', async () => {
    happyApi();
    const user = userEvent.setup();
    const { router } = renderLogin({
      pathname: '/login',
      state: { from: '/checkout', email: customer.email, step: 'otp', sentAt: Date.now() },
    });
    await user.type(screen.getByLabelText('One-time code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Checkout stand-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it("returns to the product's reviews when the sign-in was asked there", async () => {
    happyApi();
    const user = userEvent.setup();
    const { router } = renderLogin({
      pathname: '/login',
      state: { from: '/product/prod-classic#reviews' },
    });
    await user.type(emailField(), customer.email);
    await user.click(sendCode());
    await user.type(await screen.findByLabelText('One-time code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Product stand-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/product/prod-classic');
    expect(router.state.location.hash).toBe('#reviews');
  });

  it('allows a resend once 60 seconds have passed', async () => {
    const api = happyApi();
    const user = userEvent.setup();
    renderLogin({
      pathname: '/login',
      state: { email: customer.email, step: 'otp', sentAt: Date.now() - 61_000 },
    });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(api.callsTo('POST /users/loginUser')).toHaveLength(1));
    // The call is recorded before its answer is handled: wait for the countdown to restart.
    const resend = await screen.findByRole('button', { name: /Resend code in \d+s/ });
    expect(toasts.success).toHaveBeenCalledWith('OTP Send successfully');
    expect((resend as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal inline and as a toast", async () => {
    stubRoutes({
      'POST /users/loginUser': fail(404, 'No account found for this email. Please register first.'),
    });
    const user = userEvent.setup();
    const { store } = renderLogin();
    await user.type(emailField(), 'nobody@example.com');
    await user.click(sendCode());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No account found for this email. Please register first.');
    expect(toasts.error).toHaveBeenCalledWith(
      'No account found for this email. Please register first.',
      expect.anything(),
    );
    expect(store.getState().auth.error).toBe(
      'No account found for this email. Please register first.',
    );
  });

  it('shows the fixed message of a known error code once, and drops it from the address', async () => {
    happyApi();
    const { router } = renderLogin('/login?error=google_cancelled');
    const message = 'Google sign-in was cancelled. Please try again or use your e-mail.';
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(message, { toastId: message }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(toasts.error).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['a sentence', 'Your account is locked, call +91 90000 00000 to unlock it'],
    ['a name on the object prototype', 'toString'],
  ])('ignores an error parameter that is %s, and still drops it', async (_, text) => {
    happyApi();
    const { router } = renderLogin(`/login?error=${encodeURIComponent(text)}`);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(toasts.error).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain(text);
  });

  it('offers Google, sign-up and a close control', () => {
    happyApi();
    renderLogin();
    expect(screen.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe(
      '/api/v1/users/auth/google',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Close' }).getAttribute('href')).toBe('/');
  });

  it('shows Google as off, with the reason, when the shop has not set it up', async () => {
    stubRoutes({ 'GET /users/auth/google/status': ok({ configured: false }) });
    renderLogin();
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    expect((google as HTMLButtonElement).disabled).toBe(true);
    const reason = screen.getByText('Google sign-in is not available in this shop yet.');
    expect(google.getAttribute('aria-describedby')).toBe(reason.id);
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
  });

  it('keeps Google live when the shop has it set up', async () => {
    const api = stubRoutes({ 'GET /users/auth/google/status': ok({ configured: true }) });
    renderLogin();
    await waitFor(() => expect(api.callsTo('GET /users/auth/google/status')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByText('Google sign-in is not available in this shop yet.')).toBeNull();
  });

  it('remembers, for Google’s round trip, the page the sign-in should return to', async () => {
    happyApi();
    sessionStorage.clear();
    renderLogin({ pathname: '/login', state: { from: '/product/prod-classic#reviews' } });
    const google = screen.getByRole('link', { name: 'Continue with Google' });
    // The browser would leave for Google; the test stays to read what was kept.
    google.addEventListener('click', (event) => event.preventDefault());
    await userEvent.setup().click(google);
    expect(sessionStorage.getItem('googleSignInReturn')).toBe('/product/prod-classic#reviews');
  });
});
