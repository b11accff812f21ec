/**
 * Validation schemas with the spec's messages (section 5). The forms and the API use the same
 * schema, so a shopper reads the same words whichever side refuses the input.
 */
import { z } from 'zod';
import { PINCODE_LENGTH, RATING_MAX, RATING_MIN } from './constants';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  required: 'Required',
  validEmailRequired: 'Valid email required',
  enterPincode: 'Enter 6-digit pincode',
  notDeliverable: 'Not deliverable',
  serviceablePincode: 'Please enter a valid, serviceable pincode.',
  emailRequired: 'Email is required',
  validEmail: 'Please enter a valid email',
  otpRequired: 'OTP is required',
  validOtp: 'Please enter a valid OTP',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone is required',
  validPhone: 'Please enter a valid phone',
  acceptTerms: 'You must accept the terms and conditions',
  validPhoneNumber: 'Please enter a valid phone number',
  validPincode: 'Please enter a valid 6-digit pincode',
  addressTypeRequired: 'Address type is required',
  passwordRequired: 'Password is required',
  selectImages: 'Please select images',
  selectImageToDelete: 'Please select image to delete',
  pincodeCheck: 'Please enter a valid 6-digit pincode.',
  commentRequired: 'Please enter a comment.',
  confirmDeleteReview: 'Are you sure you want to delete this review?',
} as const;

const requiredText = (message: string = MESSAGES.required) =>
  z.string({ error: message }).trim().min(1, message);

const email = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(EMAIL_PATTERN, invalidMessage)
    .transform((v) => v.toLowerCase());

/** Strips everything but digits, as the pincode inputs do. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export const pincodeSchema = z
  .string({ error: MESSAGES.validPincode })
  .trim()
  .regex(new RegExp(`^\\d{${PINCODE_LENGTH}}$`), MESSAGES.validPincode);

export const pincodeCheckSchema = z.object({ pincode: pincodeSchema });

export const checkoutAddressSchema = z.object({
  firstName: requiredText(),
  lastName: requiredText(),
  email: email(MESSAGES.validEmailRequired, MESSAGES.validEmailRequired),
  phone: requiredText(),
  address: requiredText(),
  city: requiredText(),
  state: requiredText(),
  pincode: z
    .string({ error: MESSAGES.enterPincode })
    .transform(digitsOnly)
    .pipe(z.string().length(PINCODE_LENGTH, MESSAGES.enterPincode)),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

export const loginEmailSchema = z.object({
  email: email(MESSAGES.emailRequired, MESSAGES.validEmail),
});

export const otpSchema = z
  .string({ error: MESSAGES.otpRequired })
  .trim()
  .min(1, MESSAGES.otpRequired)
  .regex(/^\d{6}$/, MESSAGES.validOtp);

export const loginVerifySchema = z.object({
  email: email(MESSAGES.emailRequired, MESSAGES.validEmail),
  otp: otpSchema,
});

export const registerSchema = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  email: email(MESSAGES.emailRequired, MESSAGES.validEmail),
  phoneNumber: z
    .string({ error: MESSAGES.phoneRequired })
    .trim()
    .min(1, MESSAGES.phoneRequired)
    .refine((v) => digitsOnly(v).length >= 10, MESSAGES.validPhone),
});

/** The sign-up form adds the terms box, which the API does not receive. */
export const registerFormSchema = registerSchema.extend({
  terms: z.literal(true, { error: MESSAGES.acceptTerms }),
});

/** The dashboard's profile form: the sign-up fields plus a gender that may be left unset. */
export const profileSchema = registerSchema.extend({
  gender: z
    .union([z.enum(['Male', 'Female']), z.literal(''), z.null()])
    .transform((value) => value || null),
});
export type ProfileInput = z.infer<typeof profileSchema>;

const tenDigitPhone = z
  .string()
  .trim()
  .regex(/^\d{10}$/, MESSAGES.validPhoneNumber);

export const addressSchema = z.object({
  name: requiredText(),
  street: requiredText(),
  city: requiredText(),
  state: requiredText(),
  country: requiredText(),
  pincode: pincodeSchema,
  phoneNumber: tenDigitPhone,
  alternateNumber: z.union([z.literal(''), tenDigitPhone]).optional(),
  landmark: z.string().trim().optional(),
  email: z
    .union([z.literal(''), z.string().trim().regex(EMAIL_PATTERN, MESSAGES.validEmail)])
    .optional(),
  locality: z.string().trim().optional(),
  label: z.enum(['Home', 'Work'], { error: MESSAGES.addressTypeRequired }),
});
export type AddressInput = z.infer<typeof addressSchema>;

export const adminLoginSchema = z.object({
  email: email(MESSAGES.emailRequired, MESSAGES.validEmail),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
});

const wholeRupees = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number of rupees`)
    .min(0, `${field} cannot be negative`);

export const productVariantSchema = z.object({
  weight: z.coerce.number({ error: 'Weight is required' }).int().positive('Weight is required'),
  price: wholeRupees('Price').refine((v) => v > 0, 'Price is required'),
  sku: z.string().trim().optional().default(''),
  stock: z.coerce.number().int().min(0, 'Stock cannot be negative').optional().default(0),
});

export const productSchema = z.object({
  name: requiredText(),
  brand: requiredText(),
  categoryType: requiredText(),
  packOfBox: z.coerce
    .number({ error: 'Pack of box must be a number' })
    .int()
    .min(1, MESSAGES.required),
  price: wholeRupees('Price'),
  description: requiredText(),
  shelfLife: z.coerce.number({ error: MESSAGES.required }).int().min(1, MESSAGES.required),
  variant: z.string().trim().default(''),
  inStock: z.boolean().default(true),
  modelNumber: z.string().trim().default(''),
  countryOfOrigin: z.string().trim().default('India'),
  healthBenefits: z.string().trim().default(''),
  containerType: z.string().trim().default(''),
  dietaryPreference: z.string().trim().default(''),
  sku: z.string().trim().default(''),
  quantity: z.array(productVariantSchema).default([]),
});
export type ProductInput = z.infer<typeof productSchema>;

export const reviewSchema = z.object({
  rating: z.coerce.number().int().min(RATING_MIN).max(RATING_MAX),
  comment: z.string({ error: MESSAGES.commentRequired }).trim().min(1, MESSAGES.commentRequired),
});

export const contactSchema = z.object({
  from_name: requiredText(),
  reply_to: email(MESSAGES.validEmailRequired, MESSAGES.validEmailRequired),
  phone: requiredText(),
  message: requiredText(),
});

export const ISSUE_TYPES = [
  'Damaged Product',
  'Late Delivery',
  'Wrong Item',
  'Refund',
  'Other',
] as const;

export const complaintSchema = z.object({
  from_name: requiredText(),
  reply_to: email(MESSAGES.validEmailRequired, MESSAGES.validEmailRequired),
  order_id: requiredText(),
  issue_type: z.enum(ISSUE_TYPES, { error: 'Please choose an issue type' }),
  query: requiredText(),
});
