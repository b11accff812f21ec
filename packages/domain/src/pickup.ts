/** The owner's pickup request, its fields and messages, for the form and the API alike. */
import { z } from 'zod';
import { isPickupDate, PICKUP_PACKAGES_MAX, SHIPPING_MESSAGES } from './shipping';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const pickupSchema = z
  .object({
    date: z
      .string({ error: SHIPPING_MESSAGES.pickupDate })
      .max(10, SHIPPING_MESSAGES.pickupDate)
      .regex(DATE, SHIPPING_MESSAGES.pickupDate)
      .refine((date) => isPickupDate(date), SHIPPING_MESSAGES.pickupDate),
    packages: z.coerce
      .number({ error: SHIPPING_MESSAGES.pickupPackages })
      .int(SHIPPING_MESSAGES.pickupPackages)
      .min(1, SHIPPING_MESSAGES.pickupPackages)
      .max(PICKUP_PACKAGES_MAX, SHIPPING_MESSAGES.pickupPackages),
  })
  .strict();
export type PickupRequest = z.infer<typeof pickupSchema>;
