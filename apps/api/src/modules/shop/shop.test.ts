/**
 * Who sells: the owner's settings of the shop's legal identity, the public part of them, and a
 * shop in production that takes no order until its owner has saved them.
 */
import { SHOP_SETTINGS_MESSAGES } from '@makhana/domain/validation';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetCachedReads, PRODUCTION_ENV, useTestApp } from '../../test/app';
import { SHOP_SETTINGS } from '../../test/catalogue-fixtures';
import {
  cartLine,
  customer,
  insertProduct,
  ownerToken,
  placeOrder,
  type TestVariant,
} from '../../test/order-fixtures';
import { call } from '../../test/requests';
import { SELLER_NOT_SET_UP } from '../checkout';
import { NO_IDENTITY, SHOP_SETTINGS_SAVED } from './routes';
import { DEMO_SHOP_SETTINGS, seedDemoShopSettings } from './service';

const api = useTestApp({ env: { RATE_LIMIT_MAX: '100000' }, owner: true });

const SETTINGS = SHOP_SETTINGS;

let owner: string;
beforeEach(async () => {
  owner = await ownerToken(api.app);
});

const save = (body: object) =>
  call(api.app, 'POST', '/admins/shop-settings', { token: owner, body });

describe('the shop settings', () => {
  it('are the owner’s alone: a visitor or a customer reads and changes nothing', async () => {
    const { token } = await customer(api.db);
    for (const who of [undefined, token]) {
      expect((await call(api.app, 'GET', '/admins/shop-settings', { token: who })).statusCode).toBe(
        401,
      );
      const write = await call(api.app, 'POST', '/admins/shop-settings', {
        token: who,
        body: SETTINGS,
      });
      expect(write.statusCode).toBe(401);
    }
    const kept = await call(api.app, 'GET', '/admins/shop-settings', { token: owner });
    expect(kept.json().data).toMatchObject({ legalName: '', savedAt: null });
  });

  it('start empty, all four a sale needs missing, and nothing public to show', async () => {
    const read = await call(api.app, 'GET', '/admins/shop-settings', { token: owner });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.missing).toEqual(['legalName', 'address', 'gstin', 'fssaiLicence']);
    const shown = await call(api.app, 'GET', '/shop/identity');
    expect(shown.statusCode).toBe(404);
    expect(shown.json().message).toBe(NO_IDENTITY);
  });

  it('are saved whole, shown to shoppers without the invoice prefix, nothing missing', async () => {
    const saved = await save({ ...SETTINGS, gstin: ' 10aabcu9603r1z2' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(SHOP_SETTINGS_SAVED);
    expect(saved.json().data).toMatchObject({
      gstin: '10AABCU9603R1Z2',
      invoicePrefix: 'MM',
      missing: [],
      savedAt: expect.any(String),
    });
    const shown = await call(api.app, 'GET', '/shop/identity');
    expect(shown.statusCode).toBe(200);
    const { invoicePrefix: _private, ...identity } = { ...SETTINGS, gstin: '10AABCU9603R1Z2' };
    expect(shown.json().data).toEqual(identity);
  });

  it('refuse a GSTIN that does not add up or belongs to another state, and an FSSAI number not 14 digits, naming each', async () => {
    const typo = await save({ ...SETTINGS, gstin: '10AABCU9603R1Z3' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().errors).toEqual([
      { field: 'gstin', message: SHOP_SETTINGS_MESSAGES.gstinCheck },
    ]);
    const elsewhere = await save({ ...SETTINGS, gstin: '27AAPFU0939F1ZV' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toEqual([
      { field: 'gstin', message: 'A GSTIN registered in Bihar starts with 10' },
    ]);
    // The same GSTIN is right for a shop registered in Maharashtra.
    const moved = await save({
      ...SETTINGS,
      gstin: '27AAPFU0939F1ZV',
      address: { ...SETTINGS.address, state: 'Maharashtra' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const fssai = await save({ ...SETTINGS, fssaiLicence: '12345' });
    expect(fssai.json().errors).toEqual([
      { field: 'fssaiLicence', message: SHOP_SETTINGS_MESSAGES.fssai },
    ]);
    const kept = await call(api.app, 'GET', '/admins/shop-settings', { token: owner });
    expect(kept.json().data.gstin).toBe('27AAPFU0939F1ZV');
  });

  it('the demo’s identity shows on the pages but counts as not saved', async () => {
    expect(await seedDemoShopSettings(api.db)).toBe(true);
    expect(await seedDemoShopSettings(api.db)).toBe(false);
    await forgetCachedReads(api.app);
    const shown = await call(api.app, 'GET', '/shop/identity');
    expect(shown.json().data.legalName).toBe(DEMO_SHOP_SETTINGS.legalName);
    const read = await call(api.app, 'GET', '/admins/shop-settings', { token: owner });
    expect(read.json().data).toMatchObject({ savedAt: null, gstin: DEMO_SHOP_SETTINGS.gstin });
    expect(read.json().data.missing).toHaveLength(4);
  });
});

describe('a shop in production', () => {
  const PRODUCTION = { ...PRODUCTION_ENV, RATE_LIMIT_MAX: '100000' };
  let makhana: TestVariant;
  beforeEach(async () => {
    [makhana] = await insertProduct(api.db, { variants: [{ weight: 100, price: 199, stock: 5 }] });
  });

  it('takes no order until its owner has saved who sells, then takes them', async () => {
    const shop = await api.startApp({ env: PRODUCTION });
    const { accessToken } = await api.signInCustomer('buyer@example.in', shop);
    await seedDemoShopSettings(api.db);
    await forgetCachedReads(shop);

    const refused = await placeOrder(shop, accessToken, [cartLine(makhana, 1)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SELLER_NOT_SET_UP);

    // Development takes orders on the demo's identity.
    const { token } = await customer(api.db);
    expect((await placeOrder(api.app, token, [cartLine(makhana, 1)])).statusCode).toBe(200);

    expect((await save(SETTINGS)).statusCode).toBe(200);
    await forgetCachedReads(shop);
    const taken = await placeOrder(shop, accessToken, [cartLine(makhana, 1)]);
    expect(taken.statusCode, taken.body).toBe(200);
  });
});
