/** What the owner journeys share: shoppers and their orders made through the API, and the owner's screens. */
import { deflateSync } from 'node:zlib';
import { isProductAvailable } from '@makhana/domain/product';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { latestCode, mailsTo } from './mail';
import { fetchProducts } from './support';

export const OWNER = { email: 'owner@mithilamakhana.in', password: 'makhana-owner-dev' };

export interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export function newShopper(firstName = 'Sita', lastName = 'Mishra'): Shopper {
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${id}@example.in`,
    phoneNumber: '9123456780',
  };
}

type Headers = { Authorization: string };

/** Signs a shopper in with the code mailed to them; registers them first when asked. */
export async function shopperSession(
  request: APIRequestContext,
  shopper: Shopper,
  { register = true, dataDir }: { register?: boolean; dataDir?: string } = {},
): Promise<Headers> {
  if (register) {
    const registered = await request.post('/api/v1/users/registerUser', { data: shopper });
    expect(registered.ok(), await registered.text()).toBe(true);
  }
  const sent = (await mailsTo(shopper.email, dataDir)).length;
  expect(
    (await request.post('/api/v1/users/loginUser', { data: { email: shopper.email } })).ok(),
  ).toBe(true);
  const login = await request.post('/api/v1/users/loginVerificationUser', {
    data: { email: shopper.email, otp: await latestCode(shopper.email, sent, dataDir) },
  });
  const { accessToken } = (await login.json()).data as { accessToken: string };
  return { Authorization: `Bearer ${accessToken}` };
}

export interface PlacedOrder {
  id: string;
  orderNumber: string;
  totalAmount: number;
}

/** Places an order for `quantity` units (one unless told) of an available product, unpaid. */
export async function placeOrder(
  request: APIRequestContext,
  headers: Headers,
  shopper: Shopper,
  quantity = 1,
): Promise<PlacedOrder> {
  const product = (await fetchProducts(request)).find(isProductAvailable);
  const variant = product?.quantity.find((q) => q.stock >= quantity);
  if (!product || !variant) throw new Error('The demo catalogue needs a product in stock');
  const shippingCost = variant.price * quantity > 500 ? 0 : 50;
  const placed = await request.post('/api/v1/orders/createOrder', {
    headers,
    data: {
      items: [
        {
          id: product._id,
          weight: variant.weight,
          sku: variant.sku,
          price: variant.price,
          quantity,
        },
      ],
      shippingCost,
      totalAmount: variant.price * quantity + shippingCost,
      shippingAddress: {
        firstName: shopper.firstName,
        lastName: shopper.lastName,
        email: shopper.email,
        phone: shopper.phoneNumber,
        address: '7 Boring Road, Sri Krishna Puri',
        city: 'Patna',
        state: 'Bihar',
        pincode: '800001',
      },
      paymentMethod: 'Prepaid',
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const order = (await placed.json()).data as {
    _id: string;
    orderNumber: string;
    totalAmount: number;
  };
  return { id: order._id, orderNumber: order.orderNumber, totalAmount: order.totalAmount };
}

/**
 * Pays an order through the simulated gateway's window, as the storefront's checkout does;
 * answers the gateway's order id.
 */
export async function payOrder(
  request: APIRequestContext,
  headers: Headers,
  orderId: string,
): Promise<string> {
  const opened = await request.post('/api/v1/orders/razorpayPayment', {
    headers,
    data: { orderId },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const { id } = (await opened.json()).data as { id: string };
  const paid = await request.post('/api/v1/payments/simulated/pay', {
    headers,
    data: { razorpay_order_id: id },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const verified = await request.post('/api/v1/orders/verifyPayment', {
    headers,
    data: (await paid.json()).data,
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  expect((await verified.json()).data).toMatchObject({ paymentStatus: 'completed' });
  return id;
}

/** A new customer with one order, paid unless told otherwise; signed out again. */
export async function customerWithOrder(
  request: APIRequestContext,
  shopper: Shopper,
  {
    paid = true,
    dataDir,
    quantity = 1,
  }: { paid?: boolean; dataDir?: string; quantity?: number } = {},
): Promise<PlacedOrder> {
  const headers = await shopperSession(request, shopper, { dataDir });
  const order = await placeOrder(request, headers, shopper, quantity);
  if (paid) await payOrder(request, headers, order.id);
  await request.post('/api/v1/users/logoutUser', { headers });
  return order;
}

export async function customerSignsIn(page: Page, email: string) {
  await page.goto('/login');
  const sent = (await mailsTo(email)).length;
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('One-time code').fill(await latestCode(email, sent));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function ownerSignsIn(page: Page) {
  await page.goto('/login/admin/owner');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Admin login successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** Runs `work` with an owner's session of its own through the API, signed out afterwards. */
export async function asOwner<T>(
  request: APIRequestContext,
  work: (headers: Headers) => Promise<T>,
): Promise<T> {
  const login = await request.post('/api/v1/admins/onlyAdminTo/login', { data: OWNER });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken } = (await login.json()).data as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  try {
    return await work(headers);
  } finally {
    await request.post('/api/v1/admins/logoutAdmin', { headers });
  }
}

/** The dashboard's figures as the API gives them, to compare with the cards. */
export function ownerFigures(request: APIRequestContext) {
  return asOwner(request, async (headers) => {
    const answer = await request.get('/api/v1/admins/dashboard', { headers });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()).data as { totalOrders: number; totalUsers: number };
  });
}

export async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** A list's entry: a table row from a small tablet up, a card on a phone. */
export function entry(page: Page, testIds: [row: string, card: string], text: string) {
  return page
    .locator(`[data-testid="${testIds[0]}"], [data-testid="${testIds[1]}"]`)
    .filter({ visible: true, hasText: text });
}

/**
 * Types words into an owner list's search and waits until the address carries them: the list
 * sends them 300 ms after the last key, and a tab opened before that would be undone by them.
 */
export async function searchList(page: Page, words: string, box = page.getByRole('searchbox')) {
  await box.fill(words);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(words.trim());
}

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`tab=${name.toLowerCase()}`));
}

/**
 * Fills the product form's Label and tax section with a roasted mint makhana's declarations, as
 * an owner copies them from the pack: a product is listed only with them.
 */
export async function fillDeclarations(form: Locator) {
  await form
    .getByRole('textbox', { name: 'Ingredients' })
    .fill(
      'Fox nuts (makhana, 85%), rice bran oil, mint seasoning (dried mint, black salt, cumin), salt.',
    );
  await form.getByRole('textbox', { name: 'Allergens' }).fill('None');
  const nutrition: [string, string][] = [
    ['Energy (kcal)', '415'],
    ['Protein (g)', '8.9'],
    ['Carbohydrate (g)', '70'],
    ['Total sugars (g)', '1.8'],
    ['Added sugars (g)', '1'],
    ['Total fat (g)', '10.5'],
    ['Saturated fat (g)', '1.9'],
    ['Trans fat (g)', '0'],
    ['Sodium (mg)', '560'],
  ];
  for (const [name, value] of nutrition) {
    await form.getByRole('spinbutton', { name, exact: true }).fill(value);
  }
  await form.getByRole('radio', { name: 'Veg', exact: true }).check();
  await form
    .getByRole('textbox', { name: 'Manufacturer', exact: true })
    .fill('Mithila Makhana Co.');
  await form
    .getByRole('textbox', { name: 'Manufacturer’s address' })
    .fill('Plot 14, Bela Industrial Area, Darbhanga, Bihar 846005');
}

/** A real 2x2 PNG, so the server's check of the file's first bytes sees an image. */
export function invoicePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Real PNG pictures, drawn by the browser (the server checks the bytes, not the name). */
export async function drawPictures(page: Page, colours: string[]): Promise<Upload[]> {
  const encoded = await page.evaluate(
    (list) =>
      list.map((colour, index) => {
        const canvas = document.createElement('canvas');
        canvas.width = 800;
        canvas.height = 600;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.fillStyle = colour;
        context.fillRect(0, 0, 800, 600);
        context.fillStyle = '#ffffff';
        context.font = 'bold 120px sans-serif';
        context.fillText(`Pic ${index + 1}`, 200, 340);
        return canvas.toDataURL('image/png').split(',')[1] ?? '';
      }),
    colours,
  );
  return encoded.map((base64, index) => ({
    name: `picture-${index + 1}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(base64, 'base64'),
  }));
}
