/**
 * Validation schemas with the shop's messages (docs/product.md#form-messages). The forms and the
 * API use the same schema, so a shopper reads the same words whichever side refuses the input.
 */
import { z } from 'zod';
import {
  ADDRESS_LABELS,
  GENDERS,
  PHONE_LENGTH,
  PINCODE_LENGTH,
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX,
} from './constants';
import {
  DECLARATION_MESSAGES,
  DEFAULT_GST_RATE,
  GST_RATES,
  type GstRate,
  MANDATORY_DECLARATIONS,
  NUTRIENTS,
  type NutrientKey,
} from './declarations';
import { EMAIL_CHANGE_MESSAGES } from './email-change';
import { FSSAI_NUMBER, GST_STATE_CODES, gstinIsOfState, gstinProblem } from './gstin';
import { IMAGE_ALT_MAX } from './images';
import { INDIA_STATES, type IndiaState } from './india-states';
import { MESSAGES } from './messages';
import { OWNER_STATUS_MOVES } from './order-state';
import { secondFactorSchema } from './second-factor';
import { SHIPPING_GRAMS_MAX, SHIPPING_MESSAGES } from './shipping';

/**
 * Upper bounds of every free-text field, shared by the forms and the API. Each schema checks the
 * length first and stops there, so no pattern ever reads an over-long string.
 */
export const TEXT_LIMITS = {
  name: 100,
  email: 254,
  phone: 20,
  otp: 20,
  pincode: 20,
  password: 200,
  street: 300,
  address: 500,
  place: 100,
  landmark: 200,
  orderId: 100,
  message: 5000,
  productName: 200,
  productText: 100,
  description: 5000,
  healthBenefits: 2000,
  comment: 2000,
  trackingNumber: 100,
  url: 2000,
  refundReason: 500,
  legalName: 200,
  gstin: 30,
  ingredients: 2000,
} as const;

export const tooLongMessage = (max: number) => `Must be at most ${max} characters`;

/**
 * A string no longer than `max`, checked before anything else. `abort` stops zod there: without it
 * zod 4 runs the remaining checks (and their patterns) on a string it has already refused.
 */
const boundedString = (max: number, error?: string) =>
  z.string(error === undefined ? undefined : { error }).max(max, {
    message: tooLongMessage(max),
    abort: true,
  });

/**
 * local@domain with no white space, one `@` and a dot inside the domain: the addresses
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$` accepts, checked in one pass. That pattern backtracks
 * quadratically on a long domain of dots, so it is not used.
 */
export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || value.indexOf('@', at + 1) !== -1 || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}

export { MESSAGES };

export const requiredText = (max: number, message: string = MESSAGES.required) =>
  boundedString(max, message).trim().min(1, message);

const optionalText = (max: number) => boundedString(max).trim();

const email = (requiredMessage: string, invalidMessage: string) =>
  boundedString(TEXT_LIMITS.email, requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .refine(isEmailAddress, invalidMessage)
    .transform((v) => v.toLowerCase());

/** Strips everything but digits, as the pincode inputs do. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

const TEN_DIGITS = new RegExp(`^\\d{${PHONE_LENGTH}}$`);
const SIX_DIGITS = new RegExp(`^\\d{${PINCODE_LENGTH}}$`);

const sixDigits = (message: string) =>
  boundedString(TEXT_LIMITS.pincode, message).trim().regex(SIX_DIGITS, message);

/**
 * The rules of the fields a saved address and the checkout's shipping address have in common,
 * written once so both accept and refuse the same input. Where the two forms word a refusal
 * differently, the rule takes the words; what it accepts stays the same.
 */
export const addressFieldRules = {
  /** a person's name, or one part of it */
  name: () => requiredText(TEXT_LIMITS.name),
  city: () => requiredText(TEXT_LIMITS.place),
  state: () => requiredText(TEXT_LIMITS.place),
  country: () => requiredText(TEXT_LIMITS.place),
  /** house, building and street of a saved address */
  street: () => requiredText(TEXT_LIMITS.street),
  /** the checkout's single address line */
  addressLine: () => requiredText(TEXT_LIMITS.address),
  /**
   * A mobile number of exactly ten digits. With `requiredMessage`, an empty or missing number is
   * refused in those words alone; without it, an empty number is simply not ten digits.
   */
  phone: (requiredMessage?: string) => {
    const text = boundedString(TEXT_LIMITS.phone, requiredMessage).trim();
    const present =
      requiredMessage === undefined ? text : text.min(1, { message: requiredMessage, abort: true });
    return present.regex(TEN_DIGITS, MESSAGES.validPhoneNumber);
  },
  /** a second number, which may be left empty */
  optionalPhone: () =>
    // A union would hide the length message behind zod's generic "Invalid input".
    boundedString(TEXT_LIMITS.phone)
      .refine((v) => v === '' || TEN_DIGITS.test(v.trim()), MESSAGES.validPhoneNumber)
      .transform((v) => v.trim()),
  /** exactly six digits */
  pincode: sixDigits,
  /** Six digits once everything else is dropped, as the checkout's pincode box drops it. */
  typedPincode: (message: string) =>
    boundedString(TEXT_LIMITS.pincode, message).transform(digitsOnly).pipe(sixDigits(message)),
  email,
  /** an e-mail that may be left empty */
  optionalEmail: () =>
    boundedString(TEXT_LIMITS.email)
      .refine((v) => v === '' || isEmailAddress(v.trim()), MESSAGES.validEmail)
      .transform((v) => v.trim()),
  /** locality or landmark */
  optionalText: () => optionalText(TEXT_LIMITS.landmark),
};

export const pincodeSchema = addressFieldRules.pincode(MESSAGES.validPincode);

export const pincodeCheckSchema = z.object({ pincode: pincodeSchema });

/** The shipping address typed at checkout; the order adds the country, which is always India. */
export const checkoutAddressSchema = z.object({
  firstName: addressFieldRules.name(),
  lastName: addressFieldRules.name(),
  email: addressFieldRules.email(MESSAGES.validEmailRequired, MESSAGES.validEmailRequired),
  phone: addressFieldRules.phone(MESSAGES.required),
  address: addressFieldRules.addressLine(),
  city: addressFieldRules.city(),
  state: addressFieldRules.state(),
  pincode: addressFieldRules.typedPincode(MESSAGES.enterPincode),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

export const loginEmailSchema = z.object({
  email: email(MESSAGES.emailRequired, MESSAGES.validEmail),
});

export const otpSchema = boundedString(TEXT_LIMITS.otp, MESSAGES.otpRequired)
  .trim()
  .min(1, MESSAGES.otpRequired)
  .regex(/^\d{6}$/, MESSAGES.validOtp);

export const loginVerifySchema = z.object({
  email: email(MESSAGES.emailRequired, MESSAGES.validEmail),
  otp: otpSchema,
});

export const registerSchema = z.object({
  firstName: requiredText(TEXT_LIMITS.name, MESSAGES.firstNameRequired),
  lastName: requiredText(TEXT_LIMITS.name, MESSAGES.lastNameRequired),
  email: email(MESSAGES.emailRequired, MESSAGES.validEmail),
  phoneNumber: boundedString(TEXT_LIMITS.phone, MESSAGES.phoneRequired)
    .trim()
    .min(1, MESSAGES.phoneRequired)
    .refine((v) => digitsOnly(v).length >= 10, MESSAGES.validPhone),
});

/** The sign-up form adds the terms box, which the API does not receive. */
export const registerFormSchema = registerSchema.extend({
  terms: z.literal(true, { error: MESSAGES.acceptTerms }),
});

/**
 * The dashboard's profile form and `updateUserAccount`: the sign-up fields plus a gender. An empty
 * or null gender clears it; a gender left out stays as it was.
 */
export const profileSchema = registerSchema.extend({
  gender: z
    .union([z.enum(GENDERS), z.literal(''), z.null()], { error: MESSAGES.genderChoice })
    .optional()
    .transform((value) => (value === '' ? null : value)),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** A saved address: the checkout's field rules, in the saved address's own words. */
export const addressSchema = z.object({
  name: addressFieldRules.name(),
  street: addressFieldRules.street(),
  city: addressFieldRules.city(),
  state: addressFieldRules.state(),
  country: addressFieldRules.country(),
  pincode: addressFieldRules.pincode(MESSAGES.validPincode),
  phoneNumber: addressFieldRules.phone(),
  alternateNumber: addressFieldRules.optionalPhone().optional(),
  landmark: addressFieldRules.optionalText().optional(),
  email: addressFieldRules.optionalEmail().optional(),
  locality: addressFieldRules.optionalText().optional(),
  label: z.enum(ADDRESS_LABELS, { error: MESSAGES.addressTypeRequired }),
});
export type AddressInput = z.infer<typeof addressSchema>;

export const adminLoginSchema = z.object({
  email: email(MESSAGES.emailRequired, MESSAGES.validEmail),
  password: boundedString(TEXT_LIMITS.password, MESSAGES.passwordRequired).min(
    1,
    MESSAGES.passwordRequired,
  ),
  /** the second factor, once the owner has one: asked for after the password (decision 030) */
  otp: secondFactorSchema.optional(),
});

/** A weight's low-stock mark until the owner sets one: free stock below 5 units is low. */
export const DEFAULT_LOW_STOCK_BELOW = 5;

/**
 * The largest figures a product takes: what the shop could sell, well inside the database's
 * integers once rupees become paise.
 */
export const PRODUCT_LIMITS = {
  priceRupees: 1_000_000,
  stock: 1_000_000,
  weightGrams: 100_000,
  packOfBox: 1_000,
  shelfLifeMonths: 120,
  variants: 50,
} as const;

/**
 * A number field of a form: left empty it is 'Required', text that is no number says so, and
 * digits sent as text are read as the number they spell.
 */
const formNumber = (label: string, requiredMessage: string = MESSAGES.required) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value,
    z.number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? requiredMessage
          : `${label} must be a number`,
    }),
  );

const wholeNumber = (label: string, min: number, max: number, requiredMessage?: string) =>
  formNumber(label, requiredMessage).pipe(
    z
      .number()
      .int(`${label} must be a whole number`)
      .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

const wholeRupees = (label: string, requiredMessage?: string) =>
  formNumber(label, requiredMessage).pipe(
    z
      .number()
      .int(`${label} must be a whole number of rupees`)
      .positive(`${label} is required`)
      .max(PRODUCT_LIMITS.priceRupees, `${label} must be at most ${PRODUCT_LIMITS.priceRupees}`),
  );

/** A weight of a product: weight and price are required; an empty sku is assigned by the server. */
export const productVariantSchema = z
  .object({
    weight: wholeNumber('Weight', 1, PRODUCT_LIMITS.weightGrams, 'Weight is required'),
    price: wholeRupees('Price', 'Price is required'),
    sku: optionalText(TEXT_LIMITS.productText).optional().default(''),
    stock: z
      .preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        wholeNumber('Stock', 0, PRODUCT_LIMITS.stock).optional(),
      )
      .transform((value) => value ?? 0),
    /** left out (or empty), a new weight takes the default mark and an existing one keeps its own */
    lowStockBelow: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      wholeNumber('Low-stock mark', 0, PRODUCT_LIMITS.stock).optional(),
    ),
    /**
     * grams on the courier's scales; left out (or empty), a new weight takes its net weight plus
     * packaging and an existing one keeps its own
     */
    shippingWeight: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      wholeNumber('Shipping weight', 1, SHIPPING_GRAMS_MAX).optional(),
    ),
  })
  .refine(
    (variant) => variant.shippingWeight === undefined || variant.shippingWeight >= variant.weight,
    { message: SHIPPING_MESSAGES.shippingWeight, path: ['shippingWeight'] },
  );

/** Empty strings and nulls, as a form leaves a box, are "not given". */
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

const nutrientNumber = (label: string, max: number) =>
  formNumber(label).pipe(
    z.number().min(0, `${label} cannot be negative`).max(max, `${label} must be at most ${max}`),
  );

/**
 * The nutrition table per 100 g: every figure, or none at all (null). A form's empty boxes are
 * none; one figure typed asks for the others.
 */
const nutritionSchema = z.preprocess(
  (value) =>
    value !== null &&
    typeof value === 'object' &&
    Object.values(value).every((figure) => figure === '' || figure === null || figure === undefined)
      ? null
      : value,
  z
    .object(
      Object.fromEntries(
        NUTRIENTS.map((nutrient) => [nutrient.key, nutrientNumber(nutrient.label, nutrient.max)]),
      ) as Record<NutrientKey, ReturnType<typeof nutrientNumber>>,
    )
    .nullable(),
);

const makerSchema = z.object({
  name: optionalText(TEXT_LIMITS.productName).default(''),
  address: optionalText(TEXT_LIMITS.address).default(''),
});

/**
 * What a packaged food declares (docs/product.md#declarations). Each may be left empty while the
 * product is off sale; listing it asks for them all (`listingRefusals`).
 */
const declarationFields = {
  hsnCode: boundedString(TEXT_LIMITS.pincode)
    .trim()
    .refine((value) => value === '' || /^\d{4,8}$/.test(value), DECLARATION_MESSAGES.hsnCode)
    .default(''),
  gstRate: z
    .preprocess(
      (value) =>
        typeof value === 'string' && value.trim() !== '' ? Number(value) : blankAsMissing(value),
      z
        .number({ error: DECLARATION_MESSAGES.gstRate })
        .refine(
          (rate) => (GST_RATES as readonly number[]).includes(rate),
          DECLARATION_MESSAGES.gstRate,
        )
        .optional(),
    )
    .transform((rate) => (rate ?? DEFAULT_GST_RATE) as GstRate),
  ingredients: optionalText(TEXT_LIMITS.ingredients).default(''),
  allergens: optionalText(TEXT_LIMITS.productName).default(''),
  nutrition: nutritionSchema.optional().transform((value) => value ?? null),
  vegetarian: z
    .preprocess((value) => {
      // The form's choices, "Veg" and "Non-veg"; the API's true and false.
      const word = typeof value === 'string' ? value.toLowerCase() : value;
      return word === 'veg' ? true : word === 'non-veg' ? false : blankAsMissing(value);
    }, z.boolean({ error: DECLARATION_MESSAGES.vegetarian }).optional())
    .transform((value) => value ?? null),
  manufacturer: makerSchema.default({ name: '', address: '' }),
  packer: z
    .preprocess(
      (value) =>
        value && typeof value === 'object' && Object.values(value).every((part) => !part)
          ? null
          : value,
      makerSchema.nullable().optional(),
    )
    .transform((value) => value ?? null),
};

/** The declarations a product still lacks to be listed, each by its field's path. */
export function missingDeclarations(product: {
  hsnCode: string;
  ingredients: string;
  allergens: string;
  nutrition: unknown;
  vegetarian: boolean | null;
  manufacturer: { name: string; address: string };
  countryOfOrigin: string;
}): (typeof MANDATORY_DECLARATIONS)[number][] {
  const given: Record<(typeof MANDATORY_DECLARATIONS)[number], boolean> = {
    hsnCode: product.hsnCode !== '',
    ingredients: product.ingredients !== '',
    allergens: product.allergens !== '',
    nutrition: product.nutrition !== null,
    vegetarian: product.vegetarian !== null,
    'manufacturer.name': product.manufacturer.name !== '',
    'manufacturer.address': product.manufacturer.address !== '',
    countryOfOrigin: product.countryOfOrigin !== '',
  };
  return MANDATORY_DECLARATIONS.filter((field) => !given[field]);
}

const productFields = z.object({
  name: requiredText(TEXT_LIMITS.productName),
  brand: requiredText(TEXT_LIMITS.productText),
  categoryType: requiredText(TEXT_LIMITS.productText),
  packOfBox: wholeNumber('Pack of box', 1, PRODUCT_LIMITS.packOfBox),
  price: wholeRupees('Price', MESSAGES.required),
  description: requiredText(TEXT_LIMITS.description),
  shelfLife: wholeNumber('Shelf life', 1, PRODUCT_LIMITS.shelfLifeMonths),
  variant: optionalText(TEXT_LIMITS.productText).default(''),
  listed: z.boolean({ error: 'Listed must be true or false' }).optional(),
  inStock: z.boolean({ error: 'inStock must be true or false' }).optional(),
  modelNumber: optionalText(TEXT_LIMITS.productText).default(''),
  countryOfOrigin: optionalText(TEXT_LIMITS.productText).default('India'),
  healthBenefits: optionalText(TEXT_LIMITS.healthBenefits).default(''),
  containerType: optionalText(TEXT_LIMITS.productText).default(''),
  dietaryPreference: optionalText(TEXT_LIMITS.productText).default(''),
  sku: optionalText(TEXT_LIMITS.productText).default(''),
  ...declarationFields,
  quantity: z
    .array(productVariantSchema)
    .max(PRODUCT_LIMITS.variants, `At most ${PRODUCT_LIMITS.variants} weights`)
    .default([])
    .superRefine((variants, ctx) => {
      const seen = new Set<number>();
      for (const [index, variant] of variants.entries()) {
        if (seen.has(variant.weight)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'weight'],
            message: 'This weight is already listed',
          });
        }
        seen.add(variant.weight);
      }
    }),
});

export const ON_SALE_DISAGREE = 'inStock and listed must agree';

/**
 * The owner's product form and `addProduct`/`updateProduct`. `listed` is the owner's switch (on
 * sale or not); whether a shopper can buy also needs stock, which the server works out. The seed's
 * spec calls the same switch `inStock`, so a client written to it may send that name instead.
 */
export const productSchema = productFields
  .refine((p) => p.inStock === undefined || p.listed === undefined || p.inStock === p.listed, {
    path: ['inStock'],
    message: ON_SALE_DISAGREE,
  })
  .transform(({ inStock, listed, ...product }) => ({
    ...product,
    listed: listed ?? inStock ?? true,
  }))
  // A packaged food goes on sale only with what its label must say: each missing one is named.
  .superRefine((product, ctx) => {
    if (!product.listed) return;
    for (const field of missingDeclarations(product)) {
      ctx.addIssue({
        code: 'custom',
        path: field.split('.'),
        message: DECLARATION_MESSAGES.missing,
      });
    }
  });
export type ProductInput = z.infer<typeof productSchema>;

const ratingSchema = z
  .number({ error: MESSAGES.ratingRange })
  .int(MESSAGES.ratingRange)
  .min(RATING_MIN, MESSAGES.ratingRange)
  .max(RATING_MAX, MESSAGES.ratingRange);

/** A review's rating and comment, for the add and edit forms and both API calls. */
export const reviewSchema = z.object({
  rating: ratingSchema,
  // The raw text is bounded first (TEXT_LIMITS.comment); the rule counts what is left once trimmed.
  comment: requiredText(TEXT_LIMITS.comment, MESSAGES.commentRequired).max(
    REVIEW_COMMENT_MAX,
    tooLongMessage(REVIEW_COMMENT_MAX),
  ),
});

export const addReviewSchema = reviewSchema.extend({
  productId: boundedString(TEXT_LIMITS.orderId, 'productId is required')
    .trim()
    .min(1, 'productId is required'),
});

export const contactSchema = z.object({
  from_name: requiredText(TEXT_LIMITS.name),
  reply_to: email(MESSAGES.validEmailRequired, MESSAGES.validEmailRequired),
  phone: requiredText(TEXT_LIMITS.phone),
  message: requiredText(TEXT_LIMITS.message),
});

export const ISSUE_TYPES = [
  'Damaged Product',
  'Late Delivery',
  'Wrong Item',
  'Refund',
  'Other',
] as const;

export const complaintSchema = z.object({
  from_name: requiredText(TEXT_LIMITS.name),
  reply_to: email(MESSAGES.validEmailRequired, MESSAGES.validEmailRequired),
  order_id: requiredText(TEXT_LIMITS.orderId),
  issue_type: z.enum(ISSUE_TYPES, { error: 'Please choose an issue type' }),
  query: requiredText(TEXT_LIMITS.message),
});

/** A word on a ticket's thread, from the customer or the owner. */
export const ticketReplySchema = z.object({
  message: requiredText(TEXT_LIMITS.message, 'Please write your reply'),
});

/**
 * An http(s) address: the scheme, a host (no white space, no user part), then anything without
 * white space. Each part's characters exclude the next part's first one, so the pattern never
 * backtracks; the length is checked before it runs.
 */
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

/**
 * The owner's move of a paid order (`POST /orders/update-status/{id}`): Shipped needs a tracking
 * number, and the tracking link, when given, is an http(s) address. Which moves an order may make
 * is the state machine's call (`order-state.ts`), not this form's.
 */
export const orderStatusMoveSchema = z
  .object({
    status: z.enum(OWNER_STATUS_MOVES, { error: MESSAGES.statusMove }),
    trackingNumber: optionalText(TEXT_LIMITS.trackingNumber).optional(),
    trackingUrl: optionalText(TEXT_LIMITS.url)
      .refine((value) => value === '' || HTTP_URL.test(value), MESSAGES.trackingUrl)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'Shipped' && !body.trackingNumber) {
      ctx.addIssue({
        code: 'custom',
        path: ['trackingNumber'],
        message: MESSAGES.trackingNumberRequired,
      });
    }
  });

/** Which second payment of an order the owner gives back: the gateway's payment id. */
export const refundExtraPaymentSchema = z.object({
  paymentId: z
    .string({ error: 'paymentId is required' })
    .max(100, { message: 'paymentId must be at most 100 characters', abort: true })
    .trim()
    .min(1, 'paymentId is required'),
});
export type RefundExtraPaymentInput = z.infer<typeof refundExtraPaymentSchema>;

/** A picture's URL in the owner's picture calls (delete and reorder, products and banners). */
const IMAGE_URL_MAX = 2048;

const imageUrl = (message: string) =>
  z
    .string({ error: message })
    .max(IMAGE_URL_MAX, { message: `Must be at most ${IMAGE_URL_MAX} characters`, abort: true })
    .trim()
    .min(1, message);

/** The body of deleteProductImage and deleteBannerImage. */
export const deleteImageSchema = z.object({
  imageUrl: imageUrl(MESSAGES.selectImageToDelete),
});

const REORDER_MESSAGE = 'List the pictures to put in order';

/** The body of the reorder calls: every picture once, the first becomes the main one. */
export const reorderImagesSchema = z.object({
  images: z
    .array(imageUrl(REORDER_MESSAGE), { error: REORDER_MESSAGE })
    .min(1, REORDER_MESSAGE)
    .max(100, 'At most 100 pictures'),
});

const ALT_TOO_LONG = `At most ${IMAGE_ALT_MAX} characters`;

/** A product picture's alternative text, as the owner types it; empty goes back to the default. */
export const imageAltSchema = z
  .string({ error: 'alt must be text' })
  .trim()
  .max(IMAGE_ALT_MAX, ALT_TOO_LONG);

/** The body of the picture's alternative text edit. */
export const productImageAltSchema = z.object({
  imageUrl: imageUrl(MESSAGES.selectImageToDelete),
  alt: imageAltSchema,
});

export type ProductImageAltInput = z.infer<typeof productImageAltSchema>;
export type DeleteImageInput = z.infer<typeof deleteImageSchema>;
export type ReorderImagesInput = z.infer<typeof reorderImagesSchema>;

/**
 * The undo link's token: the undo's id, a dot, and its 43-character signature (HMAC-SHA256 as
 * base64url). Fixed lengths and character classes, so the pattern cannot backtrack.
 */
const UNDO_TOKEN = /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/;
const UNDO_TOKEN_LENGTH = 80;

export const emailUndoSchema = z.object({
  token: z
    .string({ error: EMAIL_CHANGE_MESSAGES.undoLinkMissing })
    .max(UNDO_TOKEN_LENGTH, { message: EMAIL_CHANGE_MESSAGES.undoLinkDead, abort: true })
    .regex(UNDO_TOKEN, EMAIL_CHANGE_MESSAGES.undoLinkDead),
});
export type EmailUndoInput = z.infer<typeof emailUndoSchema>;

/** The words of the shop's identity form, beside its schema. */
export const SHOP_SETTINGS_MESSAGES = {
  state: 'Choose a state or union territory',
  gstinLength: 'A GSTIN is 15 characters',
  gstinShape:
    'A GSTIN is the state code (2 digits), the PAN (5 letters, 4 digits, 1 letter), 1 digit or letter, Z and a check character',
  gstinCheck: 'This GSTIN does not add up: check it for a typo',
  gstinState: (state: string, codes: readonly string[]) =>
    `A GSTIN registered in ${state} starts with ${codes.join(' or ')}`,
  fssai: 'An FSSAI licence or registration number is 14 digits',
  invoicePrefix: 'Up to 4 capital letters, digits, - or /',
} as const;

/**
 * Longest invoice prefix: with "/", the financial year and a six-digit serial an invoice number
 * is at most 16 characters (CGST rule 46), e.g. ABCD/2627/000001.
 */
export const INVOICE_PREFIX_MAX = 4;
const INVOICE_PREFIX = /^[A-Z0-9/-]{1,4}$/;

const stateName = z.enum(INDIA_STATES.map((state) => state.name) as [IndiaState, ...IndiaState[]], {
  error: SHOP_SETTINGS_MESSAGES.state,
});

const gstin = boundedString(TEXT_LIMITS.gstin, MESSAGES.required)
  .transform((value) => value.replace(/\s/g, '').toUpperCase())
  .superRefine((value, ctx) => {
    const problem = value === '' ? 'required' : gstinProblem(value);
    if (!problem) return;
    const words = {
      required: MESSAGES.required,
      length: SHOP_SETTINGS_MESSAGES.gstinLength,
      shape: SHOP_SETTINGS_MESSAGES.gstinShape,
      check: SHOP_SETTINGS_MESSAGES.gstinCheck,
    } as const;
    ctx.addIssue({ code: 'custom', message: words[problem] });
  });

const contactPerson = {
  name: requiredText(TEXT_LIMITS.name),
  email: addressFieldRules.email(MESSAGES.required, MESSAGES.validEmail),
  phone: addressFieldRules.phone(MESSAGES.required),
};

/**
 * Who sells (Consumer Protection (E-Commerce) Rules 2020, rule 4; CGST rule 46): the legal and
 * trade names, the registered address, GSTIN and FSSAI number, consumer care and the grievance
 * officer, and the prefix of the shop's invoice numbers. The GSTIN is checked whole: its length,
 * its shape, its check character, and its first two digits against the address's state.
 */
export const shopSettingsSchema = z
  .object({
    legalName: requiredText(TEXT_LIMITS.legalName),
    tradeName: requiredText(TEXT_LIMITS.legalName),
    address: z.object({
      street: requiredText(TEXT_LIMITS.address),
      city: requiredText(TEXT_LIMITS.place),
      state: stateName,
      pincode: addressFieldRules.pincode(MESSAGES.validPincode),
    }),
    gstin,
    fssaiLicence: boundedString(TEXT_LIMITS.pincode, SHOP_SETTINGS_MESSAGES.fssai)
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().regex(FSSAI_NUMBER, SHOP_SETTINGS_MESSAGES.fssai)),
    consumerCare: z.object({
      ...contactPerson,
      address: requiredText(TEXT_LIMITS.address),
    }),
    grievanceOfficer: z.object({
      ...contactPerson,
      designation: requiredText(TEXT_LIMITS.name),
    }),
    invoicePrefix: boundedString(TEXT_LIMITS.pincode, SHOP_SETTINGS_MESSAGES.invoicePrefix)
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.string().regex(INVOICE_PREFIX, SHOP_SETTINGS_MESSAGES.invoicePrefix)),
  })
  .superRefine((settings, ctx) => {
    const { gstin: number, address } = settings;
    if (gstinProblem(number) !== null || gstinIsOfState(number, address.state)) return;
    ctx.addIssue({
      code: 'custom',
      path: ['gstin'],
      message: SHOP_SETTINGS_MESSAGES.gstinState(address.state, GST_STATE_CODES[address.state]),
    });
  });
export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;
export type ShopSettings = z.output<typeof shopSettingsSchema>;
