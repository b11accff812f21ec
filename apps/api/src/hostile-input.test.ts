/**
 * Hostile input across the whole API: the worst strings we know of in every string field of every
 * route, deep nesting, oversized bodies, and a seeded fuzz of malformed requests. One request
 * must never freeze the event loop or produce a 500.
 */
import { deflateSync, gzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from './config/config';
import { toFailure } from './plugins/error-handler';
import { useTestApp } from './test/app';
import { LABEL_DECLARATIONS, SHOP_SETTINGS } from './test/catalogue-fixtures';
import { SAVED_ADDRESS, ADDRESS as SHIPPING_ADDRESS } from './test/order-fixtures';
import { apiRoutes } from './test/routes';

const BUDGET_MS = 100;
const JSON_LIMIT = 64 * 1024;

const api = useTestApp({ env: { RATE_LIMIT: '0' }, owner: true, reset: false });
const tokens = { customer: '', owner: '' };

beforeAll(async () => {
  tokens.customer = (await api.signInCustomer('hostile@example.com')).accessToken;
  const owner = await api.app.inject({
    method: 'POST',
    url: '/api/v1/admins/onlyAdminTo/login',
    payload: { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
  });
  tokens.owner = owner.json().data.accessToken;
}, 60_000);

type Auth = 'none' | 'customer' | 'owner';

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** path under /api/v1; `:name` segments are path parameters */
  path: string;
  auth: Auth;
  /** a body that passes validation, into which one hostile string is put at a time */
  body?: Record<string, unknown>;
  /** dotted paths of the body's string fields */
  fields?: string[];
  /** query string fields */
  query?: string[];
  /** string headers the route reads */
  headers?: string[];
  /** the body is multipart/form-data (fields plus an invoice) */
  multipart?: boolean;
  /** the body is read as raw text (the webhook) */
  raw?: boolean;
}

const PERSON = {
  firstName: 'Asha',
  lastName: 'Kumari',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
};
const ADDRESS = { ...SAVED_ADDRESS, alternateNumber: '9876543211' };
const ADDRESS_FIELDS = Object.keys(ADDRESS);
const DISCOUNT = {
  code: 'FIRST10',
  kind: 'percent',
  value: 10,
  startsAt: '2026-12-01T09:00',
  endsAt: '2026-12-31T23:59',
  productIds: ['00000000-0000-4000-8000-000000000001'],
};

const ORDER = {
  items: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Classic makhana',
      image: '/uploads/classic.png',
      weight: 100,
      sku: 'MM-CLASSIC-100',
      price: 100,
      quantity: 1,
    },
  ],
  shippingCost: 50,
  totalAmount: 150,
  paymentMethod: 'Prepaid',
  shippingAddress: SHIPPING_ADDRESS,
};
const COMPLAINT = {
  from_name: 'Asha Kumari',
  reply_to: 'asha@example.com',
  order_id: 'MM-1001',
  issue_type: 'Damaged Product',
  query: 'The pouch arrived torn.',
};

const PRODUCT = {
  name: 'Classic makhana',
  brand: 'Mithila Makhana',
  categoryType: 'Snacks',
  packOfBox: 1,
  price: 199,
  description: 'Roasted fox nuts',
  shelfLife: 6,
  variant: 'Classic Salted',
  modelNumber: 'MM-CLS-01',
  countryOfOrigin: 'India',
  healthBenefits: 'Protein',
  containerType: 'Pouch',
  dietaryPreference: 'Vegetarian',
  sku: 'MM-HOSTILE',
  ...LABEL_DECLARATIONS,
  quantity: [{ weight: 100, price: 199, sku: 'MM-HOSTILE-100', stock: 5 }],
};
const PRODUCT_FIELDS = Object.keys(PRODUCT).filter(
  (key) => typeof PRODUCT[key as keyof typeof PRODUCT] === 'string',
);

/** Every route of the API, read from each module's routes.ts. */
const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/health', auth: 'none' },
  { method: 'GET', path: '/openapi.json', auth: 'none' },
  { method: 'GET', path: '/banners/getBannerDetails', auth: 'none' },
  { method: 'GET', path: '/shop/identity', auth: 'none' },
  { method: 'GET', path: '/products/getProductDetails', auth: 'none' },
  { method: 'GET', path: '/products/getProductDetails/:id', auth: 'none' },
  {
    method: 'GET',
    path: '/products/owner-list',
    auth: 'owner',
    query: ['q', 'page', 'limit', 'sort'],
  },
  {
    method: 'POST',
    path: '/products/addProduct',
    auth: 'owner',
    body: PRODUCT,
    fields: [...PRODUCT_FIELDS, 'quantity.0.sku'],
  },
  {
    method: 'POST',
    path: '/products/updateProduct/:productId',
    auth: 'owner',
    body: PRODUCT,
    fields: [...PRODUCT_FIELDS, 'quantity.0.sku'],
  },
  { method: 'POST', path: '/products/deleteProduct/:productId', auth: 'owner' },
  // users
  {
    method: 'POST',
    path: '/users/loginUser',
    auth: 'none',
    body: { email: PERSON.email },
    fields: ['email'],
  },
  {
    method: 'POST',
    path: '/users/send-otp',
    auth: 'none',
    body: { email: PERSON.email },
    fields: ['email'],
  },
  {
    method: 'POST',
    path: '/users/loginVerificationUser',
    auth: 'none',
    body: { email: PERSON.email, otp: '123456' },
    fields: ['email', 'otp'],
  },
  {
    method: 'POST',
    path: '/users/verify-otp',
    auth: 'none',
    body: { email: PERSON.email, otp: '123456' },
    fields: ['email', 'otp'],
  },
  {
    method: 'POST',
    path: '/users/registerUser',
    auth: 'none',
    body: PERSON,
    fields: Object.keys(PERSON),
  },
  {
    method: 'POST',
    path: '/users/refresh-token',
    auth: 'none',
    body: { refreshToken: 'x' },
    fields: ['refreshToken'],
  },
  {
    method: 'POST',
    path: '/users/logoutUser',
    auth: 'none',
    body: { refreshToken: 'x' },
    fields: ['refreshToken'],
  },
  { method: 'GET', path: '/users/getUser', auth: 'customer' },
  { method: 'GET', path: '/users/getUserDetails', auth: 'owner', query: ['q', 'page', 'limit'] },
  { method: 'POST', path: '/users/deleteUser/:userId', auth: 'owner' },
  { method: 'GET', path: '/users/customerDetails/:userId', auth: 'owner' },
  {
    method: 'POST',
    path: '/users/updateUserAccount',
    auth: 'customer',
    body: { ...PERSON, gender: 'Female' },
    fields: [...Object.keys(PERSON), 'gender'],
  },
  {
    method: 'POST',
    path: '/users/approveEmailChange',
    auth: 'customer',
    body: { otp: '123456' },
    fields: ['otp'],
  },
  {
    method: 'POST',
    path: '/users/verifyEmailChange',
    auth: 'customer',
    body: { otp: '123456' },
    fields: ['otp'],
  },
  {
    method: 'POST',
    path: '/users/undoEmailChange',
    auth: 'none',
    body: { token: `${'0'.repeat(36)}.${'A'.repeat(43)}` },
    fields: ['token'],
  },
  {
    method: 'POST',
    path: '/users/newAddress',
    auth: 'customer',
    body: ADDRESS,
    fields: ADDRESS_FIELDS,
  },
  {
    method: 'POST',
    path: '/users/editAddress/:addressId',
    auth: 'customer',
    body: ADDRESS,
    fields: ADDRESS_FIELDS,
  },
  { method: 'POST', path: '/users/deleteAddress/:addressId', auth: 'customer' },
  { method: 'GET', path: '/users/getAddressDetails', auth: 'customer' },
  { method: 'GET', path: '/users/auth/google', auth: 'none' },
  { method: 'GET', path: '/users/auth/google/status', auth: 'none' },
  {
    method: 'GET',
    path: '/users/auth/google/callback',
    auth: 'none',
    query: ['code', 'state', 'error'],
  },
  {
    method: 'POST',
    path: '/users/googleLogin',
    auth: 'none',
    body: { code: 'x' },
    fields: ['code'],
  },
  // admins
  {
    method: 'POST',
    path: '/admins/onlyAdminTo/login',
    auth: 'none',
    body: { email: DEV_ADMIN_EMAIL, password: 'wrong password', otp: '123456' },
    fields: ['email', 'password', 'otp'],
  },
  { method: 'GET', path: '/admins/getAdmin', auth: 'owner' },
  { method: 'POST', path: '/admins/totp/setup', auth: 'owner' },
  {
    method: 'POST',
    path: '/admins/confirm-identity',
    auth: 'owner',
    body: { password: 'not the password', otp: '123456' },
    fields: ['password', 'otp'],
  },
  { method: 'GET', path: '/admins/sessions', auth: 'owner' },
  { method: 'POST', path: '/admins/sessions/revoke/:id', auth: 'owner' },
  { method: 'POST', path: '/admins/sessions/revoke-others', auth: 'owner' },
  {
    method: 'POST',
    path: '/admins/totp/confirm',
    auth: 'owner',
    body: { otp: '123456' },
    fields: ['otp'],
  },
  { method: 'GET', path: '/admins/dashboard', auth: 'owner' },
  { method: 'GET', path: '/admins/discounts', auth: 'owner' },
  {
    method: 'POST',
    path: '/admins/discounts',
    auth: 'owner',
    body: DISCOUNT,
    fields: ['code', 'kind', 'startsAt', 'endsAt', 'productIds.0'],
  },
  {
    method: 'POST',
    path: '/admins/discounts/:id',
    auth: 'owner',
    body: DISCOUNT,
    fields: ['code', 'kind', 'startsAt', 'endsAt', 'productIds.0'],
  },
  { method: 'GET', path: '/admins/shop-settings', auth: 'owner' },
  {
    method: 'POST',
    path: '/admins/shop-settings',
    auth: 'owner',
    body: SHOP_SETTINGS,
    fields: [
      'legalName',
      'tradeName',
      'address.street',
      'address.city',
      'address.state',
      'address.pincode',
      'gstin',
      'fssaiLicence',
      'consumerCare.name',
      'consumerCare.address',
      'consumerCare.phone',
      'consumerCare.email',
      'grievanceOfficer.name',
      'grievanceOfficer.designation',
      'grievanceOfficer.phone',
      'grievanceOfficer.email',
      'invoicePrefix',
    ],
  },
  {
    method: 'POST',
    path: '/admins/refresh-token',
    auth: 'none',
    body: { refreshToken: 'x' },
    fields: ['refreshToken'],
  },
  {
    method: 'POST',
    path: '/admins/logoutAdmin',
    auth: 'none',
    body: { refreshToken: 'x' },
    fields: ['refreshToken'],
  },
  // orders, payments, pincodes
  {
    method: 'GET',
    path: '/orders/orderDetails',
    auth: 'owner',
    query: ['q', 'status', 'paymentStatus', 'needsRefund', 'page', 'limit'],
  },
  { method: 'GET', path: '/orders/order-id-details/:id', auth: 'customer' },
  { method: 'GET', path: '/orders/export', auth: 'owner', query: ['from', 'to'] },
  { method: 'GET', path: '/orders/courier', auth: 'owner' },
  { method: 'POST', path: '/orders/ship/:orderId', auth: 'owner' },
  { method: 'GET', path: '/orders/packing-slips', auth: 'owner', query: ['ids'] },
  {
    method: 'POST',
    path: '/orders/pickup',
    auth: 'owner',
    body: { date: '2026-12-01', packages: 2 },
    fields: ['date'],
  },
  {
    method: 'POST',
    path: '/orders/apply-discount',
    auth: 'customer',
    body: { code: 'FIRST10', items: ORDER.items },
    fields: ['code', 'items.0.id', 'items.0.sku'],
  },
  {
    method: 'POST',
    path: '/orders/createOrder',
    auth: 'customer',
    body: ORDER,
    fields: [
      'items.0.id',
      'items.0.name',
      'items.0.image',
      'items.0.sku',
      'paymentMethod',
      'discountCode',
      ...Object.keys(ORDER.shippingAddress).map((field) => `shippingAddress.${field}`),
    ],
  },
  {
    method: 'POST',
    path: '/orders/mark-failed',
    auth: 'customer',
    body: { orderId: ORDER.items[0]?.id },
    fields: ['orderId'],
  },
  {
    method: 'POST',
    path: '/orders/update-status/:orderId',
    auth: 'owner',
    body: {
      status: 'Shipped',
      trackingNumber: 'DL123',
      trackingUrl: 'https://track.example/DL123',
    },
    fields: ['status', 'trackingNumber', 'trackingUrl'],
  },
  {
    method: 'POST',
    path: '/orders/refund/:orderId',
    auth: 'owner',
    body: { reason: 'Customer asked to cancel' },
    fields: ['reason'],
  },
  {
    method: 'POST',
    path: '/orders/cancel/:orderId',
    auth: 'customer',
    body: { reason: 'Changed my mind' },
    fields: ['reason'],
  },
  {
    method: 'POST',
    path: '/orders/return-request/:orderId',
    auth: 'customer',
    multipart: true,
    body: {
      lines: JSON.stringify([{ item: ORDER.items[0]?.id, quantity: 1 }]),
      reason: 'Damaged',
      note: 'Torn',
    },
    fields: ['lines', 'reason', 'note'],
  },
  {
    method: 'POST',
    path: '/orders/return-decision/:orderId',
    auth: 'owner',
    body: { returnId: '00000000-0000-4000-8000-000000000001', approve: false, note: 'Opened' },
    fields: ['returnId', 'note'],
  },
  {
    method: 'POST',
    path: '/orders/return-received/:orderId',
    auth: 'owner',
    body: { returnId: '00000000-0000-4000-8000-000000000001' },
    fields: ['returnId'],
  },
  {
    method: 'POST',
    path: '/orders/return-refund/:orderId',
    auth: 'owner',
    body: { returnId: '00000000-0000-4000-8000-000000000001', restock: true },
    fields: ['returnId'],
  },
  { method: 'GET', path: '/orders/return-photo/:returnId/:place', auth: 'customer' },
  {
    method: 'POST',
    path: '/orders/refund-again/:orderId',
    auth: 'owner',
    body: { refundId: '00000000-0000-4000-8000-000000000001' },
    fields: ['refundId'],
  },
  {
    method: 'POST',
    path: '/orders/refund-extra-payment/:orderId',
    auth: 'owner',
    body: { paymentId: 'pay_SecondPayment01' },
    fields: ['paymentId'],
  },
  {
    method: 'POST',
    path: '/orders/razorpayPayment',
    auth: 'customer',
    body: { orderId: ORDER.items[0]?.id },
    fields: ['orderId'],
  },
  {
    method: 'POST',
    path: '/orders/verifyPayment',
    auth: 'customer',
    body: {
      razorpay_order_id: 'order_x',
      razorpay_payment_id: 'pay_x',
      razorpay_signature: 'ab12',
    },
    fields: ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'],
  },
  {
    method: 'POST',
    path: '/orders/razorpay-webhook',
    auth: 'none',
    raw: true,
    headers: ['x-razorpay-signature', 'x-razorpay-event-id'],
  },
  {
    method: 'POST',
    path: '/payments/simulated/pay',
    auth: 'customer',
    body: { razorpay_order_id: 'order_x' },
    fields: ['razorpay_order_id'],
  },
  {
    method: 'POST',
    path: '/payments/simulated/fail',
    auth: 'customer',
    body: { razorpay_order_id: 'order_x' },
    fields: ['razorpay_order_id'],
  },
  {
    method: 'POST',
    path: '/orders/pincodeVerification',
    auth: 'none',
    body: { pincode: '846004' },
    fields: ['pincode'],
  },
  // reviews
  {
    method: 'POST',
    path: '/reviews/add-review',
    auth: 'customer',
    body: { productId: '00000000-0000-4000-8000-000000000001', rating: 5, comment: 'Crunchy' },
    fields: ['productId', 'comment'],
  },
  {
    method: 'GET',
    path: '/reviews/get-reviews/:productId',
    auth: 'none',
    query: ['page', 'limit'],
  },
  {
    method: 'PUT',
    path: '/reviews/update-review/:reviewId',
    auth: 'customer',
    body: { rating: 4, comment: 'Still crunchy' },
    fields: ['comment'],
  },
  { method: 'DELETE', path: '/reviews/delete-review/:reviewId', auth: 'customer' },
  { method: 'GET', path: '/reviews/latest', auth: 'owner', query: ['q', 'page', 'limit'] },
  // support
  {
    method: 'POST',
    path: '/supports/contact-us',
    auth: 'none',
    body: { from_name: 'Asha', reply_to: 'asha@example.com', phone: '9876543210', message: 'Hi' },
    fields: ['from_name', 'reply_to', 'phone', 'message'],
  },
  {
    method: 'POST',
    path: '/supports/raise-complaint',
    auth: 'none',
    multipart: true,
    body: COMPLAINT,
    fields: Object.keys(COMPLAINT),
  },
  {
    method: 'GET',
    path: '/supports/inbox',
    auth: 'owner',
    query: ['q', 'status', 'order', 'page', 'limit'],
  },
  { method: 'POST', path: '/supports/resolve/:id', auth: 'owner', body: { resolved: true } },
  { method: 'GET', path: '/supports/tickets', auth: 'customer' },
  { method: 'GET', path: '/orders/invoice/:orderId', auth: 'customer' },
  { method: 'GET', path: '/orders/credit-note/:orderId', auth: 'customer', query: ['n'] },
  { method: 'GET', path: '/orders/gst-returns', auth: 'owner', query: ['month', 'format', 'part'] },
  {
    method: 'GET',
    path: '/supports/ticket/:ticketNumber',
    auth: 'none',
    query: ['token'],
    headers: ['x-ticket-key'],
  },
  {
    method: 'POST',
    path: '/supports/reply/:ticketNumber',
    auth: 'owner',
    body: { message: 'We have sent a new pouch.' },
    fields: ['message'],
    query: ['token'],
    headers: ['x-ticket-key'],
  },
  { method: 'GET', path: '/supports/invoice/:id', auth: 'owner' },
  // pictures (owner): the uploads take files only, so their hostile input is the path and query
  { method: 'POST', path: '/products/addProductImage/:productId', auth: 'owner' },
  {
    method: 'POST',
    path: '/products/deleteProductImage/:productId',
    auth: 'owner',
    body: { imageUrl: '/uploads/products/0123456789abcdef0123456789abcdef-640.webp' },
    fields: ['imageUrl'],
  },
  {
    method: 'POST',
    path: '/products/reorderProductImages/:productId',
    auth: 'owner',
    body: { images: ['/uploads/products/0123456789abcdef0123456789abcdef-640.webp'] },
    fields: ['images.0'],
  },
  {
    method: 'POST',
    path: '/products/productImageAlt/:productId',
    auth: 'owner',
    body: {
      imageUrl: '/uploads/products/0123456789abcdef0123456789abcdef-640.webp',
      alt: 'A bowl of makhana',
    },
    fields: ['imageUrl', 'alt'],
  },
  { method: 'POST', path: '/banners/addBannerImage', auth: 'owner' },
  {
    method: 'POST',
    path: '/banners/deleteBannerImage',
    auth: 'owner',
    body: { imageUrl: '/uploads/banners/0123456789abcdef0123456789abcdef-640.webp' },
    fields: ['imageUrl'],
  },
  {
    method: 'POST',
    path: '/banners/reorderBannerImages',
    auth: 'owner',
    body: { images: ['/uploads/banners/0123456789abcdef0123456789abcdef-640.webp'] },
    fields: ['images.0'],
  },
];

const PATH_DEFAULTS: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000001',
  addressId: 'abc123',
  productId: '00000000-0000-4000-8000-000000000001',
  reviewId: '00000000-0000-4000-8000-000000000002',
};

/** `unit` repeated between `prefix` and `suffix` until the UTF-8, JSON-escaped text nears `bytes`. */
function fill(prefix: string, unit: string, suffix: string, bytes: number): string {
  const unitBytes = Buffer.byteLength(JSON.stringify(unit)) - 2;
  const count = Math.max(1, Math.floor((bytes - prefix.length - suffix.length) / unitBytes));
  return prefix + unit.repeat(count) + suffix;
}

/**
 * The worst strings we know, each about `bytes` long once in JSON: runs that make the patterns of
 * the schemas (e-mail, digits, ids, hex, bearer) backtrack, long runs of one character, unicode,
 * escapes.
 */
function worstStrings(bytes: number): { name: string; value: string; tooLarge?: boolean }[] {
  return [
    // The e-mail pattern's quadratic case: a domain of dots that fails only at its end.
    { name: 'a@ dots @', value: fill('a@', '.', '@', bytes) },
    { name: 'a@ a. runs, then a space', value: fill('a@', 'a.', ' ', bytes) },
    { name: 'a@b. then letters, then @', value: fill('a@b.', 'c', '@', bytes) },
    { name: 'one character', value: fill('', 'a', '', bytes) },
    { name: 'ats', value: fill('', '@', '', bytes) },
    { name: 'dots', value: fill('', '.', '', bytes) },
    { name: 'dashes', value: fill('', '-', '', bytes) },
    { name: 'digits then a letter', value: fill('', '9', 'x', bytes) },
    { name: 'hex then a non-hex', value: fill('', 'f', 'g', bytes) },
    { name: 'spaces around a letter', value: fill('', ' ', 'a ', bytes) },
    { name: 'tabs and newlines', value: fill('a', '\t\n', 'a', bytes) },
    { name: 'no-break spaces', value: fill('', '\u00a0', 'a', bytes) },
    { name: 'devanagari', value: fill('', 'मखाना', '', bytes) },
    { name: 'emoji (surrogate pairs)', value: fill('', '\u{1F600}', '', bytes) },
    { name: 'lone surrogates', value: fill('', '\ud800', '', bytes) },
    { name: 'backslashes and quotes', value: fill('', '\\"', '', bytes) },
    { name: 'percent escapes', value: fill('', '%E0%A4%A', '', bytes) },
    { name: 'NUL', value: fill('a', '\u0000', 'a', bytes) },
  ];
}

const BODY_STRINGS = worstStrings(JSON_LIMIT - 4 * 1024);
/** 10 KB is the complaint form's field size limit. */
const MULTIPART_STRINGS = worstStrings(9 * 1024);
/** URLs and headers stay within what a real server reads (16 KB of head). */
const URL_STRINGS = [...worstStrings(6 * 1024), ...worstStrings(190)];
const HEADER_STRINGS = worstStrings(6 * 1024).filter(
  // a header cannot carry control characters or non-Latin-1 text
  ({ value }) => /^[\x20-\x7e]*$/.test(value.slice(0, 64)),
);
/** Strings no body may carry: the report's 160,000 dots, and just over 64 KB of one character. */
const OVERSIZED = [
  { name: 'a@ + 160,000 dots + @', value: `a@${'.'.repeat(160_000)}@`, tooLarge: true },
  { name: '64 KB + 1 of one character', value: 'a'.repeat(JSON_LIMIT + 1), tooLarge: true },
];

function setAt(target: Record<string, unknown>, dotted: string, value: unknown) {
  const copy = structuredClone(target);
  const keys = dotted.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) as string] = value;
  return copy;
}

/** Percent-encoding that also carries lone surrogates, as their (invalid) UTF-8 bytes. */
function encode(value: string): string {
  return Array.from(value, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    }
    return encodeURIComponent(char);
  }).join('');
}

function pathWith(route: RouteCase, params: Record<string, string> = {}): string {
  return `/api/v1${route.path.replace(/:(\w+)/g, (_, name: string) =>
    encode(params[name] ?? PATH_DEFAULTS[name] ?? 'x'),
  )}`;
}

/** POST and PUT carry a JSON body (`{}` when the route reads none); GET and DELETE carry none. */
function sendsBody(route: RouteCase): boolean {
  return route.method === 'POST' || route.method === 'PUT';
}

function authHeaders(auth: Auth): Record<string, string> {
  return auth === 'none' ? {} : { authorization: `Bearer ${tokens[auth]}` };
}

/** A multipart body as a browser sends it: fields and a tiny PNG invoice. */
async function multipartBody(fields: Record<string, unknown>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
    'hex',
  );
  form.append('invoice', new Blob([png], { type: 'image/png' }), 'invoice.png');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') as string,
  };
}

interface Timed {
  label: string;
  ms: number;
  response: LightMyRequestResponse;
}

/** The wall time of one request, from the bytes handed to the app to its full answer. */
async function timed(label: string, options: InjectOptions): Promise<Timed> {
  const started = performance.now();
  const response = await api.app.inject(options);
  return { label, ms: performance.now() - started, response };
}

/**
 * A slow answer is asked up to twice more and the fastest counts, so a pause of a busy test
 * machine is not taken for a freeze; a pattern that backtracks is slow every time.
 */
async function expectFastAndNot500(label: string, options: InjectOptions) {
  let result = await timed(label, options);
  const retried = result.ms >= BUDGET_MS;
  for (let attempt = 0; attempt < 2 && result.ms >= BUDGET_MS; attempt += 1) {
    const again = await timed(label, options);
    if (again.ms < result.ms) result = again;
  }
  expect(
    result.response.statusCode,
    `${label}: ${result.response.body.slice(0, 200)}`,
  ).toBeLessThan(500);
  expect(result.ms, `${label} took ${result.ms.toFixed(0)} ms`).toBeLessThan(BUDGET_MS);
  return { ...result, retried };
}

/** Each route's requests with one hostile string in one field at a time. */
async function* hostileRequests(
  route: RouteCase,
): AsyncGenerator<{ label: string; options: InjectOptions; tooLarge?: boolean }> {
  const base = {
    method: route.method,
    headers: { ...authHeaders(route.auth) },
  };
  const jsonRequest = (label: string, body: unknown, tooLarge = false) => ({
    label,
    tooLarge,
    options: {
      ...base,
      url: pathWith(route),
      headers: { ...base.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    },
  });
  for (const field of route.fields ?? []) {
    if (route.multipart) {
      for (const { name, value } of MULTIPART_STRINGS) {
        const { payload, contentType } = await multipartBody(setAt(route.body ?? {}, field, value));
        yield {
          label: `${route.path} ${field}: ${name}`,
          options: {
            ...base,
            url: pathWith(route),
            headers: { ...base.headers, 'content-type': contentType },
            payload,
          },
        };
      }
      continue;
    }
    for (const { name, value, tooLarge } of [...BODY_STRINGS, ...OVERSIZED]) {
      const body = setAt(route.body ?? {}, field, value);
      yield jsonRequest(`${route.path} ${field}: ${name}`, body, tooLarge);
    }
  }
  if (route.raw) {
    for (const { name, value, tooLarge } of [...BODY_STRINGS, ...OVERSIZED]) {
      yield {
        label: `${route.path} raw body: ${name}`,
        tooLarge,
        options: {
          ...base,
          url: pathWith(route),
          headers: { ...base.headers, 'content-type': 'application/json' },
          payload: value,
        },
      };
    }
  }
  for (const header of route.headers ?? []) {
    for (const { name, value } of HEADER_STRINGS) {
      yield {
        label: `${route.path} header ${header}: ${name}`,
        options: {
          ...base,
          url: pathWith(route),
          headers: { ...base.headers, 'content-type': 'application/json', [header]: value },
          payload: '{"event":"payment.captured"}',
        },
      };
    }
  }
  for (const param of route.path.match(/:(\w+)/g) ?? []) {
    for (const { name, value } of URL_STRINGS) {
      yield {
        label: `${route.path} path ${param} (${value.length} chars): ${name}`,
        options: {
          ...base,
          url: pathWith(route, { [param.slice(1)]: value }),
          ...(sendsBody(route) ? { payload: route.body ?? {} } : {}),
        },
      };
    }
  }
  for (const field of route.query ?? ['q']) {
    for (const { name, value } of URL_STRINGS) {
      yield {
        label: `${route.path} query ${field} (${value.length} chars): ${name}`,
        options: {
          ...base,
          url: `${pathWith(route)}?${field}=${encode(value)}`,
          ...(sendsBody(route) ? { payload: route.body ?? {} } : {}),
        },
      };
    }
  }
  if (route.auth !== 'none') {
    for (const { name, value } of HEADER_STRINGS) {
      for (const authorization of [`Bearer ${value}`, `Bearer ${value} x`, value]) {
        yield {
          label: `${route.path} authorization: ${name}`,
          options: {
            ...base,
            url: pathWith(route),
            headers: { authorization },
            ...(sendsBody(route) ? { payload: route.body ?? {} } : {}),
          },
        };
      }
    }
  }
}

describe('the worst strings in every string field of every route', () => {
  it('lists every route of the API, and only those', () => {
    const listed = ROUTES.map((route) => `${route.method} /api/v1${route.path}`).sort();
    expect(apiRoutes(api.app)).toEqual(listed);
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path} answers each within ${BUDGET_MS} ms, never 500`, async () => {
      // Warm this route's code paths (schemas, parsers, auth) before timing.
      for (let i = 0; i < 3; i += 1) {
        await api.app.inject({
          method: route.method,
          url: pathWith(route),
          headers: authHeaders(route.auth),
          ...(sendsBody(route) && !route.multipart ? { payload: route.body ?? {} } : {}),
        });
      }
      let slowest = { label: '', ms: 0 };
      const times: number[] = [];
      let retried = 0;
      for await (const { label, options, tooLarge } of hostileRequests(route)) {
        const result = await expectFastAndNot500(label, options);
        // Within the body limit the string reaches the route's own checks; beyond it, it is 413.
        if (tooLarge) expect(result.response.statusCode, label).toBe(413);
        else expect(result.response.statusCode, label).not.toBe(413);
        times.push(result.ms);
        if (result.retried) retried += 1;
        if (result.ms > slowest.ms) slowest = { label, ms: result.ms };
      }
      expect(times.length).toBeGreaterThan(0);
      const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
      console.info(
        `${route.method} ${route.path}: ${times.length} requests, median ${median.toFixed(1)} ms, ` +
          `slowest ${slowest.ms.toFixed(1)} ms (${slowest.label}), ${retried} asked again`,
      );
    }, 120_000);
  }

  it('refuses an over-long e-mail by its length, naming the limit', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/v1/users/registerUser',
      payload: { ...PERSON, email: fill('a@', '.', '@', 50_000) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'email: Must be at most 254 characters',
      errors: [{ field: 'email', message: 'Must be at most 254 characters' }],
    });
  });
});

describe('body size and nesting', () => {
  const post = (url: string, payload: string, contentType = 'application/json') =>
    api.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

  it('answers a JSON body nested deeper than the limit with 400 naming the body', async () => {
    const deepArray = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const deepObject = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    // Brackets inside strings, escaped quotes among them, are text, not nesting.
    const bracketsInText = JSON.stringify({
      ...PERSON,
      email: 'brackets@example.com',
      firstName: `\\"${'['.repeat(40)}"{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{`,
    });
    for (const url of [
      '/api/v1/users/registerUser',
      '/api/v1/admins/onlyAdminTo/login',
      '/api/v1/orders/pincodeVerification',
      '/api/v1/orders/createOrder',
      '/api/v1/supports/contact-us',
      '/api/v1/orders/razorpay-webhook',
    ]) {
      for (const payload of [deepArray, deepObject]) {
        const response = await post(url, payload);
        expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(400);
        const body = response.json();
        expect(body).toMatchObject({ success: false, data: null, statusCode: 400 });
        expect(body.message).toMatch(/^body: /);
        expect(body.errors[0].field).toBe('body');
      }
    }
    const fine = await post('/api/v1/users/registerUser', bracketsInText);
    expect(fine.statusCode, fine.body).toBe(200);
    const nested = await post(
      '/api/v1/orders/createOrder',
      JSON.stringify({ a: { b: { c: { d: [[[1]]] } } } }),
    );
    expect(nested.json().message).not.toMatch(/^body: /);
  });

  it('answers 500,000 [ with a 4xx, never 500', async () => {
    const response = await post(
      '/api/v1/users/registerUser',
      `${'['.repeat(500_000)}${']'.repeat(500_000)}`,
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, statusCode: 413 });
  });

  it('caps JSON bodies at 64 KB, in the envelope', async () => {
    const just = JSON.stringify({ email: 'a'.repeat(JSON_LIMIT - 20) });
    expect(Buffer.byteLength(just)).toBeLessThanOrEqual(JSON_LIMIT);
    expect((await post('/api/v1/users/loginUser', just)).statusCode).toBe(400);
    const over = JSON.stringify({ email: 'a'.repeat(JSON_LIMIT) });
    for (const url of ['/api/v1/users/loginUser', '/api/v1/supports/contact-us']) {
      const response = await post(url, over);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        statusCode: 413,
        success: false,
        data: null,
        message: 'Request body is too large',
      });
    }
  });
});

describe('malformed multipart forms', () => {
  const complaint = (contentType: string, payload: string) =>
    api.app.inject({
      method: 'POST',
      url: '/api/v1/supports/raise-complaint',
      headers: { 'content-type': contentType },
      payload,
    });
  const part = (name: string, value: string) =>
    `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string) =>
    `--xyz\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\n` +
    'Content-Type: image/png\r\n\r\npng\r\n';

  it('answers raise-complaint with a 4xx envelope whatever the form looks like', async () => {
    const cases: [string, string, number][] = [
      ['multipart/form-data', part('from_name', 'Asha'), 400],
      ['multipart/form-data; charset=utf-8', part('from_name', 'Asha'), 400],
      ['multipart/form-data; boundary=', part('from_name', 'Asha'), 400],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, part('from_name', 'Asha'), 400],
      ['multipart/form-data; boundary=xyz', part('from_name', 'Asha').slice(0, -2), 400],
      ['multipart/form-data; boundary=xyz', `${file('invoice').slice(0, -6)}`, 400],
      ['multipart/form-data; boundary=xyz', 'no parts at all', 400],
      ['multipart/form-data; boundary=xyz', `${part('a', '1').repeat(12)}--xyz--\r\n`, 413],
      ['multipart/form-data; boundary=xyz', `${file('invoice')}${file('invoice')}--xyz--\r\n`, 413],
      ['multipart/mixed; boundary=xyz', `${part('from_name', 'Asha')}--xyz--\r\n`, 415],
      ['text/plain', 'from_name=Asha', 400],
      ['application/json', JSON.stringify(COMPLAINT), 400],
    ];
    for (const [contentType, payload, statusCode] of cases) {
      const response = await complaint(contentType, payload);
      const label = `${contentType.slice(0, 60)} ${JSON.stringify(payload.slice(0, 60))}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(statusCode);
      expect(response.json(), label).toMatchObject({ statusCode, success: false, data: null });
    }
  });

  it("maps the multipart parser's own errors to 4xx, and leaves other errors at 500", () => {
    const thrownBy = (message: string, file: string) => {
      const error = new Error(message);
      error.stack = `Error: ${message}\n    at Multipart (/srv/node_modules/@fastify/busboy/${file}:1:1)`;
      return error;
    };
    expect(toFailure(thrownBy('Multipart: Boundary not found', 'lib/types/multipart.js'))).toEqual({
      statusCode: 400,
      message: 'Malformed multipart form',
      errors: [],
    });
    expect(
      toFailure(thrownBy('Unexpected end of multipart data', 'deps/dicer/lib/Dicer.js')).statusCode,
    ).toBe(400);
    expect(toFailure(thrownBy('Unsupported Content-Type.', 'lib/main.js')).statusCode).toBe(415);
    const limit = (code: string, statusCode: number) =>
      Object.assign(new Error(code), { code, statusCode });
    expect(toFailure(limit('FST_PARTS_LIMIT', 413))).toMatchObject({ statusCode: 413 });
    expect(toFailure(limit('FST_FILES_LIMIT', 413))).toMatchObject({ statusCode: 413 });
    expect(toFailure(limit('FST_FIELDS_LIMIT', 413))).toMatchObject({ statusCode: 413 });
    expect(toFailure(limit('FST_REQ_FILE_TOO_LARGE', 413))).toMatchObject({ statusCode: 413 });
    expect(toFailure(limit('FST_INVALID_MULTIPART_CONTENT_TYPE', 406))).toMatchObject({
      statusCode: 415,
    });
    // The same words from anywhere else are not the caller's doing.
    expect(toFailure(new Error('Unexpected end of multipart data')).statusCode).toBe(500);
  });
});

/** mulberry32: a small seeded generator, so a failing fuzz run can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    bytes: (length: number) => Buffer.from(Array.from({ length }, () => Math.floor(next() * 256))),
  };
}

const FUZZ_SEED = 20_261_122;
const FUZZ_COUNT = 10_000;

function malformedRequest(random: ReturnType<typeof prng>): InjectOptions {
  const route = random.pick(ROUTES);
  const method = random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const);
  const boundary = random.pick(['xyz', '', 'a'.repeat(300), '"quoted"', '--', '\u00e9']);
  const contentType = random.pick([
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'text/plain',
    'multipart/form-data',
    'multipart/form-data; charset=utf-8',
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data; boundary=',
    'multipart/mixed; boundary=xyz',
    'multipart/form-datax',
    'application/x-www-form-urlencoded',
    'application/xml',
    'application/octet-stream',
    'image/png',
    '*/*',
    ';;;',
    '',
    undefined,
  ]);
  const field = random.pick([
    'email',
    'otp',
    'pincode',
    'firstName',
    'orderId',
    'razorpay_order_id',
    'refreshToken',
    'items',
    'shippingAddress',
    'reply_to',
    '__proto__',
    'constructor',
  ]);
  const junk = random.pick([
    '',
    'a@b',
    'a@'.padEnd(2000, '.'),
    '\u0000',
    '\ud800',
    '9'.repeat(1000),
    '%zz',
  ]);
  const body = random.pick<() => string | Buffer>([
    () => '',
    () => ' ',
    () => '{',
    () => '{"a":',
    () => '{bad json',
    () => 'null',
    () => 'true',
    () => '12e99999',
    () => '"just a string"',
    () => '[]',
    () => `{"${field}":${JSON.stringify(junk)}}`,
    () => `{"${field}":{"${field}":[${JSON.stringify(junk)}]}}`,
    () => `{"${field}":${random.pick(['1', '-1', 'null', '[]', '{}', '1e400', '"\\u0000"'])}}`,
    () => `{"__proto__":{"admin":true},"${field}":"x"}`,
    () => `{"constructor":{"prototype":{"admin":true}}}`,
    () => `${'['.repeat(random.int(40_000))}${']'.repeat(random.int(40_000))}`,
    () => `${'{"a":'.repeat(random.int(2_000))}1${'}'.repeat(random.int(2_000))}`,
    () => random.bytes(random.int(4096)),
    () => `--xyz\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${junk}\r\n--xyz--\r\n`,
    () => `--xyz\r\nContent-Disposition: form-data; name="invoice"; filename="a.png"\r\n\r\n`,
    () => '--xyz\r\n\r\n\r\n',
    () => `--${boundary}\r\nContent-Disposition: form-data; name="from_name"\r\n\r\nA`,
    () => `${field}=${junk}&${field}=%E0%A4%A`,
    () => gzipSync(`${'['.repeat(300_000)}${']'.repeat(300_000)}`),
    () => deflateSync(`{"${field}":"x"}`),
  ])();
  const headers: Record<string, string> = {};
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (random.next() < 0.5 && route.auth !== 'none') {
    headers.authorization = `Bearer ${tokens[route.auth]}`;
  } else if (random.next() < 0.3) {
    headers.authorization = random.pick([
      'Bearer',
      'Bearer ',
      'Basic x',
      `Bearer ${'x'.repeat(4000)}`,
    ]);
  }
  if (random.next() < 0.15) {
    headers['content-encoding'] = random.pick(['gzip', 'deflate', 'br', 'identity', 'x-bogus']);
  }
  if (random.next() < 0.1) headers['x-big'] = 'h'.repeat(8000);
  if (random.next() < 0.1)
    headers.cookie = random.pick(['accessToken=%zz', 'a', '=;=;', 'x='.repeat(500)]);
  if (random.next() < 0.1)
    headers['x-razorpay-signature'] = random.pick(['', 'zz', 'f'.repeat(64)]);
  const params = {
    id: random.pick(['x', '%', '%E0%A4%A', '..', 'a'.repeat(300), PATH_DEFAULTS.id as string]),
    addressId: random.pick(['x', '%zz', 'a'.repeat(65), '-']),
  };
  // A bad percent-encoding in the path goes in raw, past encodeURIComponent.
  const rawPath = route.path.replace(/:(\w+)/g, (_, name: string) =>
    random.next() < 0.3
      ? '%E0%A4%A'
      : encodeURIComponent(params[name as keyof typeof params] ?? 'x'),
  );
  const query = random.pick([
    '',
    '?',
    '?a=%zz',
    '?code=%E0%A4%A&state=%',
    `?code=${'x'.repeat(5000)}`,
    '?a[b][c][d]=1&a[b]=2',
    '?__proto__[x]=1',
    `?${'a=1&'.repeat(1000)}`,
  ]);
  return {
    method,
    url: `/api/v1${rawPath}${query}`,
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : { payload: body }),
  };
}

describe('a seeded fuzz of malformed requests', () => {
  it(`answers ${FUZZ_COUNT} malformed requests without a single 500`, async () => {
    const random = prng(FUZZ_SEED);
    const requests = Array.from({ length: FUZZ_COUNT }, () => malformedRequest(random));
    const failures: string[] = [];
    const started = performance.now();
    const chunk = 25;
    for (let i = 0; i < requests.length; i += chunk) {
      const batch = requests.slice(i, i + chunk);
      const responses = await Promise.all(batch.map((options) => api.app.inject(options)));
      responses.forEach((response, j) => {
        if (response.statusCode >= 500) {
          const options = batch[j] as InjectOptions;
          failures.push(
            `#${i + j} ${options.method} ${String(options.url).slice(0, 120)} ` +
              `${JSON.stringify(options.headers).slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      });
    }
    console.info(
      `fuzz: ${FUZZ_COUNT} requests in ${((performance.now() - started) / 1000).toFixed(1)} s, ${failures.length} answers of 500`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
  }, 300_000);
});
