import type { OwnerShopSettings } from '@makhana/domain/contracts/shop';
import { SHOP_SETTINGS_MESSAGES } from '@makhana/domain/validation';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { signInOwner } from '../../test/owner-fixtures';
import { ok } from '../../test/shop-fixtures';
import { SettingsTab } from './settings-tab';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The demo's identity, as a new development shop keeps it: not saved by the owner. */
const demo: OwnerShopSettings = {
  legalName: 'Mithila Makhana Co. (demo: not a real company)',
  tradeName: 'Mithila Makhana Co.',
  address: { street: 'Plot 14', city: 'Darbhanga', state: 'Bihar', pincode: '846005' },
  gstin: '10AAAAA0000A1ZH',
  fssaiLicence: '00000000000000',
  consumerCare: {
    name: 'Consumer Care',
    address: 'Plot 14, Darbhanga',
    phone: '9876543210',
    email: 'care@example.in',
  },
  grievanceOfficer: {
    name: 'Demo Grievance Officer',
    designation: 'Grievance Officer',
    phone: '9876543210',
    email: 'care@example.in',
  },
  invoicePrefix: 'MM',
  savedAt: null,
  missing: ['legalName', 'address', 'gstin', 'fssaiLicence'],
};

function renderTab() {
  const store = createStore();
  signInOwner(store);
  render(
    <Provider store={store}>
      <SettingsTab />
    </Provider>,
  );
  return { user: userEvent.setup(), store };
}

describe('SettingsTab', () => {
  it('says the demo’s details are not the owner’s, and checks the GSTIN before anything is sent', async () => {
    const api = stubRoutes({ 'GET /admins/shop-settings': ok(demo) });
    const { user } = renderTab();
    expect((await screen.findByTestId('settings-status')).textContent).toContain(
      'These are the demo’s made-up details, not yours.',
    );
    const gstin = screen.getByLabelText('GSTIN');
    await user.clear(gstin);
    await user.type(gstin, '10AAAAA0000A1ZJ');
    await user.clear(screen.getByLabelText('FSSAI licence or registration number'));
    await user.type(screen.getByLabelText('FSSAI licence or registration number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(SHOP_SETTINGS_MESSAGES.gstinCheck)).toBeTruthy();
    expect(screen.getByText(SHOP_SETTINGS_MESSAGES.fssai)).toBeTruthy();
    expect(api.callsTo('POST /admins/shop-settings')).toHaveLength(0);
  });

  it('saves the whole form, then shows when it was saved', async () => {
    const saved = {
      ...demo,
      legalName: 'Mithila Makhana Private Limited',
      gstin: '10AABCU9603R1Z2',
      fssaiLicence: '10423999000123',
      savedAt: '2026-11-28T06:00:00.000Z',
      missing: [],
    };
    let kept: OwnerShopSettings = demo;
    const api = stubRoutes({
      'GET /admins/shop-settings': () => ok(kept),
      'POST /admins/shop-settings': () => {
        kept = saved;
        return {
          body: { statusCode: 200, data: saved, message: 'Shop settings saved', success: true },
        };
      },
    });
    const { user, store } = renderTab();
    const legalName = await screen.findByLabelText('Legal name');
    await user.clear(legalName);
    await user.type(legalName, 'Mithila Makhana Private Limited');
    await user.clear(screen.getByLabelText('GSTIN'));
    await user.type(screen.getByLabelText('GSTIN'), '10aabcu9603r1z2');
    const fssai = screen.getByLabelText('FSSAI licence or registration number');
    await user.clear(fssai);
    await user.type(fssai, '10423999000123');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Shop settings saved'));
    const [sent] = api.callsTo('POST /admins/shop-settings');
    expect(sent?.body).toMatchObject({
      legalName: 'Mithila Makhana Private Limited',
      gstin: '10AABCU9603R1Z2',
      fssaiLicence: '10423999000123',
      address: { state: 'Bihar' },
      grievanceOfficer: { designation: 'Grievance Officer' },
    });
    expect((await screen.findByTestId('settings-status')).textContent).toContain('Saved on');
    // The footer on the owner's own page shows the saved seller at once.
    expect(store.getState().shop.identity?.legalName).toBe('Mithila Makhana Private Limited');
  });

  it('shows the server’s refusal at the field it names', async () => {
    stubRoutes({
      'GET /admins/shop-settings': ok(demo),
      'POST /admins/shop-settings': {
        status: 400,
        body: {
          statusCode: 400,
          data: null,
          message: 'gstin: A GSTIN registered in Bihar starts with 10',
          success: false,
          errors: [{ field: 'gstin', message: 'A GSTIN registered in Bihar starts with 10' }],
        },
      },
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    const form = screen.getByRole('form', { name: 'Who sells' });
    expect(
      await within(form).findByText('A GSTIN registered in Bihar starts with 10'),
    ).toBeTruthy();
    expect(toasts.error).toHaveBeenCalled();
  });
});
