import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, fail, ok, spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

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

function renderRegister(entry = '/register') {
  return renderRoutes(
    [
      { path: '/register', Component: RegisterPage },
      { path: '/login', Component: LoginPage },
      // A visitor's /checkout shows the sign-in in place, as the router does.
      { path: '/checkout', Component: LoginPage },
      { path: '/', element: <Landing name="Home page" /> },
    ],
    { initialEntries: [entry] },
  );
}

const submit = () => screen.getByRole('button', { name: 'Create account' });

async function fillForm(user: ReturnType<typeof userEvent.setup>, phone = '9876543210') {
  await user.type(screen.getByLabelText('First name'), 'Asha');
  await user.type(screen.getByLabelText('Last name'), 'Jha');
  await user.type(screen.getByLabelText('Email address'), 'asha@example.com');
  await user.type(screen.getByLabelText('Mobile number'), phone);
}

describe('RegisterPage', () => {
  it('shows every form message, the terms one included', async () => {
    const api = stubRoutes({});
    const user = userEvent.setup();
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();

    await user.click(submit());
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone is required',
      'You must accept the terms and conditions',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    const terms = screen.getByRole('checkbox');
    expect(terms.getAttribute('aria-describedby')).toBe(
      screen.getByText('You must accept the terms and conditions').id,
    );

    await fillForm(user, '98765');
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid phone')).toBeTruthy();
    expect(screen.getByText('You must accept the terms and conditions')).toBeTruthy();
    expect(api.callsTo('POST /users/registerUser')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe(
      '/term-conditions',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('creates the account, sends the code and continues on the code step', async () => {
    const api = stubRoutes({
      'POST /users/registerUser': ok({ user: customer }),
      'POST /users/loginUser': ok({ user: { email: customer.email } }),
    });
    const user = userEvent.setup();
    const { router, store } = renderRegister();
    await fillForm(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());

    expect(await screen.findByText(/We sent a 6-digit code to/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('One-time code')).toBeTruthy();
    expect(api.callsTo('POST /users/registerUser')[0]?.body).toEqual({
      firstName: 'Asha',
      lastName: 'Jha',
      email: 'asha@example.com',
      phoneNumber: '9876543210',
    });
    expect(api.callsTo('POST /users/loginUser')[0]?.body).toEqual({ email: 'asha@example.com' });
    expect(toasts.success).toHaveBeenCalledWith('Account created successfully');
    expect(toasts.success).toHaveBeenCalledWith('OTP Send successfully');
    expect(store.getState().auth.isUserAuthenticated).toBe(false);
  });

  it('returns a visitor who signs up from checkout to checkout', async () => {
    stubRoutes({
      'POST /users/registerUser': ok({ user: customer }),
      'POST /users/loginUser': ok({ user: { email: customer.email } }),
      'POST /users/loginVerificationUser': ok({
        user: customer,
        accessToken: 'access-1',
        refreshToken: 'refresh-1',
      }),
    });
    const user = userEvent.setup();
    const { router, store } = renderRegister('/checkout');
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(router.state.location.pathname).toBe('/register');
    await fillForm(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    await user.type(await screen.findByLabelText('One-time code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(store.getState().auth.isUserAuthenticated).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Home page' })).toBeNull();
  });

  it("shows the server's refusal of a duplicate account", async () => {
    stubRoutes({
      'POST /users/registerUser': fail(409, 'An account with this email already exists'),
    });
    const user = userEvent.setup();
    const { router } = renderRegister();
    await fillForm(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An account with this email already exists',
    );
    expect(toasts.error).toHaveBeenCalledWith(
      'An account with this email already exists',
      expect.anything(),
    );
    expect(router.state.location.pathname).toBe('/register');
  });

  it("shows a known error code's fixed message as a toast", async () => {
    stubRoutes({});
    renderRegister('/register?error=google_cancelled');
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'Google sign-in was cancelled. Please try again or use your e-mail.',
        expect.anything(),
      ),
    );
  });

  it('shows nothing for an error parameter that is not a known code', async () => {
    stubRoutes({});
    const { router } = renderRegister('/register?error=Sign-in%20was%20cancelled');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
