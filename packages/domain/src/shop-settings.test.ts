import { describe, expect, it } from 'vitest';
import { SHOP_SETTINGS_MESSAGES, shopSettingsSchema } from './validation';

const SETTINGS = {
  legalName: 'Mithila Makhana Private Limited',
  tradeName: 'Mithila Makhana Co.',
  address: {
    street: 'Plot 14, Makhana Processing Cluster, Bela Industrial Area',
    city: 'Darbhanga',
    state: 'Bihar',
    pincode: '846005',
  },
  gstin: '10AABCU9603R1Z2',
  fssaiLicence: '10423999000123',
  consumerCare: {
    name: 'Consumer Care',
    address: 'Plot 14, Bela Industrial Area, Darbhanga 846005',
    phone: '9876543210',
    email: 'care@example.in',
  },
  grievanceOfficer: {
    name: 'Sunita Jha',
    designation: 'Grievance Officer',
    phone: '9876543211',
    email: 'grievance@example.in',
  },
  invoicePrefix: 'mm',
};

/** Each field the schema refused, with its message. */
function refusals(input: unknown): Record<string, string> {
  const result = shopSettingsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('shopSettingsSchema', () => {
  it('accepts a whole identity, the GSTIN and the prefix in capitals, spaces dropped', () => {
    const parsed = shopSettingsSchema.parse({
      ...SETTINGS,
      gstin: '10aabcu9603r1z2 ',
      fssaiLicence: '1042 3999 0001 23',
    });
    expect(parsed.gstin).toBe('10AABCU9603R1Z2');
    expect(parsed.fssaiLicence).toBe('10423999000123');
    expect(parsed.invoicePrefix).toBe('MM');
  });

  it('names the GSTIN’s fault: length, shape, check character, or another state’s code', () => {
    expect(refusals({ ...SETTINGS, gstin: '10AABCU9603R1Z' })).toEqual({
      gstin: SHOP_SETTINGS_MESSAGES.gstinLength,
    });
    expect(refusals({ ...SETTINGS, gstin: '10AABCU9603R1Y2' })).toEqual({
      gstin: SHOP_SETTINGS_MESSAGES.gstinShape,
    });
    expect(refusals({ ...SETTINGS, gstin: '10AABCU9603R1Z3' })).toEqual({
      gstin: SHOP_SETTINGS_MESSAGES.gstinCheck,
    });
    expect(refusals({ ...SETTINGS, gstin: '27AAPFU0939F1ZV' })).toEqual({
      gstin: 'A GSTIN registered in Bihar starts with 10',
    });
    expect(refusals({ ...SETTINGS, gstin: '' })).toEqual({ gstin: 'Required' });
  });

  it('refuses an FSSAI number that is not 14 digits, a state that is none, a long prefix', () => {
    expect(
      refusals({
        ...SETTINGS,
        fssaiLicence: '1042399900012',
        address: { ...SETTINGS.address, state: 'Mithila' },
        invoicePrefix: 'MAKHANA',
      }),
    ).toEqual({
      fssaiLicence: SHOP_SETTINGS_MESSAGES.fssai,
      'address.state': SHOP_SETTINGS_MESSAGES.state,
      invoicePrefix: SHOP_SETTINGS_MESSAGES.invoicePrefix,
    });
  });

  it('requires the grievance officer and consumer care whole', () => {
    expect(
      refusals({
        ...SETTINGS,
        grievanceOfficer: { ...SETTINGS.grievanceOfficer, designation: ' ', email: 'nobody' },
        consumerCare: { ...SETTINGS.consumerCare, phone: '12345' },
      }),
    ).toEqual({
      'grievanceOfficer.designation': 'Required',
      'grievanceOfficer.email': 'Please enter a valid email',
      'consumerCare.phone': 'Please enter a valid phone number',
    });
  });
});
