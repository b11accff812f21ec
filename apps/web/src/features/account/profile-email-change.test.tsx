import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { customer, fail, ok, signIn, spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { DashboardPage } from './dashboard-page';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const NEW_EMAIL = 'asha.new@example.in';
const APPROVAL_CODE = '135790';
const CODE = '246810';
const APPROVAL_SENT = `We sent a code to ${customer.email}. Enter it to approve changing your e-mail to ${NEW_EMAIL}.`;
const SENT = `We sent a code to ${NEW_EMAIL}. Enter it to change your e-mail.`;

function renderDashboard() {
  const store = createStore();
  signIn(store);
  return renderRoutes([{ path: '/dashboard', Component: DashboardPage }], {
    initialEntries: ['/dashboard'],
    store,
  });
}

/**
 * The server's side of an e-mail change: the current address's code approves it, and the e-mail
 * moves only when the new address's code comes in; within the hour a save sends that code again.
 */
function emailChangeServer() {
  let email = customer.email;
  let approved = false;
  return stubRoutes({
    'POST /users/updateUserAccount': (body) => {
      const wanted = (body as { email: string }).email.toLowerCase();
      const changing = wanted !== email;
      return ok({
        ...customer,
        ...(body as object),
        email,
        pendingEmail: changing ? wanted : null,
        emailChangeStep: changing ? (approved ? 'verify' : 'approve') : null,
      });
    },
    'POST /users/approveEmailChange': (body) => {
      if ((body as { otp: string }).otp !== APPROVAL_CODE) return fail(400, 'Invalid OTP');
      approved = true;
      return ok({ ...customer, email, pendingEmail: NEW_EMAIL, emailChangeStep: 'verify' });
    },
    'POST /users/verifyEmailChange': (body) => {
      if (!approved || (body as { otp: string }).otp !== CODE) return fail(400, 'Invalid OTP');
      email = NEW_EMAIL;
      return ok({ ...customer, email });
    },
    'GET /users/getUser': () => ok({ ...customer, email }),
  });
}

async function askForNewEmail(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const field = screen.getByLabelText('Email address');
  await user.clear(field);
  await user.type(field, NEW_EMAIL);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('form', { name: 'Approve the change from your current e-mail' });
}

/** Enters the current address's code: the form then asks for the new address's. */
async function approveChange(user: ReturnType<typeof userEvent.setup>, step: HTMLElement) {
  await user.type(within(step).getByLabelText('One-time code'), APPROVAL_CODE);
  await user.click(within(step).getByRole('button', { name: 'Approve' }));
  return screen.findByRole('form', { name: 'Confirm your new e-mail' });
}

describe('changing the e-mail on the profile', () => {
  it('asks the current address to approve, then the new one, and only its code changes the e-mail', async () => {
    const api = emailChangeServer();
    const user = userEvent.setup();
    const { store } = renderDashboard();

    const approval = await askForNewEmail(user);
    expect(toasts.success).toHaveBeenCalledWith(APPROVAL_SENT);
    expect(toasts.success).not.toHaveBeenCalledWith('Profile updated successfully');
    expect(approval.textContent).toContain('Step 1 of 2');
    const approvalInput = within(approval).getByLabelText('One-time code');
    const asked = document.getElementById(approvalInput.getAttribute('aria-describedby') ?? '');
    expect(asked?.textContent).toBe(
      `Enter the code we sent to ${customer.email} to approve changing your e-mail to ${NEW_EMAIL}`,
    );
    await user.type(approvalInput, '111111');
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    expect(await within(approval).findByRole('alert')).toHaveProperty('textContent', 'Invalid OTP');
    await user.clear(approvalInput);

    const step = await approveChange(user, approval);
    expect(api.callsTo('POST /users/approveEmailChange').at(-1)?.body).toEqual({
      otp: APPROVAL_CODE,
    });
    expect(toasts.success).toHaveBeenCalledWith(SENT);
    expect(step.textContent).toContain('Step 2 of 2');
    expect(step.textContent).toContain(`Enter the code we sent to ${NEW_EMAIL}`);
    // Until the code is entered, the profile still shows the e-mail it has.
    expect(screen.getByText(customer.email)).toBeTruthy();
    expect(screen.queryByText(NEW_EMAIL, { selector: 'dd' })).toBeNull();

    const input = within(step).getByLabelText('One-time code') as HTMLInputElement;
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    const prompt = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(prompt?.textContent).toBe(`Enter the code we sent to ${NEW_EMAIL}`);

    await user.click(within(step).getByRole('button', { name: 'Confirm' }));
    expect(await within(step).findByText('OTP is required')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /users/verifyEmailChange')).toHaveLength(0);

    await user.type(input, '111111');
    await user.click(within(step).getByRole('button', { name: 'Confirm' }));
    expect(await within(step).findByRole('alert')).toHaveProperty('textContent', 'Invalid OTP');
    expect(toasts.error).toHaveBeenCalledWith('Invalid OTP', expect.anything());
    expect(store.getState().auth.user?.email).toBe(customer.email);

    await user.clear(input);
    await user.type(input, CODE);
    await user.click(within(step).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Email updated successfully'));
    expect(api.callsTo('POST /users/verifyEmailChange').at(-1)?.body).toEqual({ otp: CODE });
    // The state is read again from the server after the change.
    expect(api.order().slice(-2)).toEqual(['POST /users/verifyEmailChange', 'GET /users/getUser']);
    expect(store.getState().auth.user?.email).toBe(NEW_EMAIL);
    expect(await screen.findByText(NEW_EMAIL, { selector: 'dd' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Confirm your new e-mail' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('sends a new code to the same address, and reports a refusal', async () => {
    const api = emailChangeServer();
    const user = userEvent.setup();
    renderDashboard();
    const approval = await askForNewEmail(user);
    await user.click(within(approval).getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(2));
    expect(toasts.success).toHaveBeenLastCalledWith(APPROVAL_SENT);
    const step = await approveChange(user, approval);
    expect(api.callsTo('POST /users/updateUserAccount')).toHaveLength(2);

    await user.click(within(step).getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(api.callsTo('POST /users/updateUserAccount')).toHaveLength(3));
    expect(api.callsTo('POST /users/updateUserAccount')[2]?.body).toEqual({
      firstName: customer.firstName,
      lastName: customer.lastName,
      gender: customer.gender,
      email: NEW_EMAIL,
      phoneNumber: customer.phoneNumber,
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(4));
    expect(toasts.success).toHaveBeenLastCalledWith(SENT);
    // Still the new address's code: approved within the hour, the server did not ask again.
    expect(screen.getByRole('form', { name: 'Confirm your new e-mail' })).toBe(step);

    api.fetchMock.mockImplementationOnce(async () =>
      Response.json(
        {
          statusCode: 503,
          data: null,
          message: 'We could not send the code. Please try again.',
          success: false,
          errors: [],
        },
        { status: 503 },
      ),
    );
    await user.click(within(step).getByRole('button', { name: 'Send a new code' }));
    expect(await within(step).findByRole('alert')).toHaveProperty(
      'textContent',
      'We could not send the code. Please try again.',
    );
    expect(toasts.error).toHaveBeenCalledWith(
      'We could not send the code. Please try again.',
      expect.anything(),
    );

    await user.click(within(step).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Confirm your new e-mail' })).toBeNull();
    expect(screen.getByText(customer.email)).toBeTruthy();
  });
});
