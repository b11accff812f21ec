import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { fail, ok, signIn, spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { UndoEmailChangePage } from './undo-email-change-page';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const TOKEN = `${'1'.repeat(36)}.${'A'.repeat(43)}`;
const OLD = 'asha.old@example.in';
const UNDONE = `Your e-mail is ${OLD} again, and every session of your account was signed out. Sign in with ${OLD}.`;

function renderPage(entry = `/undo-email-change#${TOKEN}`) {
  const store = createStore();
  signIn(store);
  return renderRoutes([{ path: '/undo-email-change', Component: UndoEmailChangePage }], {
    initialEntries: [entry],
    store,
  });
}

describe('the undo link of an e-mail change', () => {
  it('drops the token from the address, and undoes only when asked', async () => {
    const api = stubRoutes({ 'POST /users/undoEmailChange': ok({ email: OLD }) });
    const user = userEvent.setup();
    const { router, store } = renderPage();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/undo-email-change');
    // Opening the link (a mail scanner does) changes nothing.
    expect(api.callsTo('POST /users/undoEmailChange')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByRole('heading', { name: 'Your e-mail is back' })).toBeTruthy();
    expect(api.callsTo('POST /users/undoEmailChange')[0]?.body).toEqual({ token: TOKEN });
    expect(screen.getByRole('status').textContent).toBe(UNDONE);
    expect(toasts.success).toHaveBeenCalledWith(UNDONE);
    // This browser's session ended with every other one.
    expect(store.getState().auth.isUserAuthenticated).toBe(false);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says so when the link is spent, and when it carries no token', async () => {
    stubRoutes({
      'POST /users/undoEmailChange': fail(400, 'This link has expired or was already used.'),
    });
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired or was already used.',
    );
    expect(screen.queryByRole('button', { name: 'Undo the change' })).toBeNull();
    unmount();

    renderPage('/undo-email-change');
    expect(screen.getByRole('alert').textContent).toBe(
      'Open the link from the e-mail we sent to your old address.',
    );
    expect(screen.queryByRole('button', { name: 'Undo the change' })).toBeNull();
  });
});
