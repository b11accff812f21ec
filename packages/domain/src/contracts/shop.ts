/** Who sells: the shop's legal identity, as the owner keeps it and as shoppers see it. */
import { z } from 'zod';

const contactShape = {
  name: z.string(),
  email: z.string(),
  phone: z.string(),
};

export const shopIdentityShape = z
  .object({
    legalName: z.string(),
    tradeName: z.string(),
    address: z.object({
      street: z.string(),
      city: z.string(),
      state: z.string(),
      pincode: z.string(),
    }),
    gstin: z.string(),
    fssaiLicence: z.string(),
    consumerCare: z.object({ ...contactShape, address: z.string() }),
    grievanceOfficer: z.object({ ...contactShape, designation: z.string() }),
  })
  .meta({
    id: 'ShopIdentity',
    description:
      'The seller as the law asks a shop to name it: legal and trade names, registered address, GSTIN, FSSAI licence, consumer care and the grievance officer',
  });
export type ShopIdentity = z.infer<typeof shopIdentityShape>;

/** The four a shop in production cannot take orders without, once the owner saved them. */
export const REQUIRED_IDENTITY = ['legalName', 'address', 'gstin', 'fssaiLicence'] as const;
export type RequiredIdentity = (typeof REQUIRED_IDENTITY)[number];

export const ownerShopSettingsShape = shopIdentityShape
  .extend({
    invoicePrefix: z.string().meta({ description: "the start of every invoice's number" }),
    savedAt: z.string().nullable().meta({
      description: 'when the owner last saved them; null while they are the demo’s fictitious ones',
    }),
    missing: z.array(z.enum(REQUIRED_IDENTITY)).meta({
      description:
        'what the owner has not saved yet of the four a shop in production needs before it takes orders',
    }),
  })
  .meta({ id: 'ShopSettings' });
export type OwnerShopSettings = z.infer<typeof ownerShopSettingsShape>;
