/** The shop's business constants and limits (docs/product.md#limits), for the shop and the API. */

export const CURRENCY = 'INR';
export const COUNTRY = 'India';
export const PAYMENT_METHOD = 'Prepaid';

/** Shipping is free when the subtotal exceeds this many rupees. */
export const FREE_SHIPPING_ABOVE_RUPEES = 500;
export const SHIPPING_FEE_RUPEES = 50;
/**
 * Every price is the MRP, taxes included, never added on top; each product's own GST rate is
 * named on its page.
 */
export const PRICES_INCLUDE_TAXES = 'Prices are inclusive of all taxes.';

export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 10;
/**
 * Units of one variant one customer may hold across unpaid orders (cancelled ones count for the
 * pending window): a full cart line, and no more, so a few accounts cannot keep a SKU off the shelf.
 */
export const MAX_UNITS_HELD_PER_SKU = CART_QUANTITY_MAX;

export const PINCODE_LENGTH = 6;
export const PHONE_LENGTH = 10;
export const OTP_LENGTH = 6;

export const GENDERS = ['Male', 'Female'] as const;
export const ADDRESS_LABELS = ['Home', 'Work'] as const;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;
/** A review's comment, counted after trimming. */
export const REVIEW_COMMENT_MAX = 1000;

export const DELAY_MS = {
  openProductFromCarousel: 600,
  cartAfterAdd: 800,
  continueShopping: 600,
  afterAdminLogout: 600,
} as const;

export const SCROLL = { durationMs: 500, offsetPx: -70 } as const;

export const TOAST = { autoCloseMs: 5000, draggablePercent: 80, hotkey: 'Alt+T' } as const;

export const BANNER_AUTOPLAY_MS = 4000;

/** Slides per view of product carousels by minimum viewport width. */
export const CAROUSEL_BREAKPOINTS = { 640: 1, 768: 2, 1024: 3 } as const;

export const MARKETING_COUNTERS = [
  { value: 3560, label: 'Packages delivered' },
  { value: 1200, label: 'Cities served' },
  { value: 1800, label: 'Happy customers' },
] as const;

export const POLICY = {
  returnWindowDays: 14,
  refundBusinessDays: '7-10',
  standardShippingBusinessDays: '5-7',
  expeditedShippingBusinessDays: '2-3',
  processingBusinessDays: '1-2',
  cancellationWindowHours: 24,
  supportReplyHours: 24,
  /** Consumer Protection (E-Commerce) Rules 2020, rule 4(5): a complaint is acknowledged within */
  grievanceAcknowledgeHours: 48,
  /** ...and resolved within */
  grievanceResolveWithin: 'one month',
  businessHours: 'Mon-Sat 9am-6pm IST',
  shippingArea: 'within India only',
  privacyPolicyUpdated: 'May 5, 2025',
} as const;

export const PERSIST_TIMEOUT_MS = 5000;
