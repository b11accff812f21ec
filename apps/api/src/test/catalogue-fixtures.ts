/**
 * What a listed product must declare (its label's facts), for tests that add or edit products
 * through the owner's routes: complete and plausible, so a test is about something else.
 */
export const LABEL_DECLARATIONS = {
  hsnCode: '2008',
  gstRate: 5,
  ingredients: 'Fox nuts (makhana, 85%), rice bran oil, peri peri seasoning, salt.',
  allergens: 'None',
  nutrition: {
    energyKcal: 420,
    proteinG: 8.8,
    carbohydrateG: 69,
    sugarsG: 2.1,
    addedSugarsG: 1,
    fatG: 11,
    saturatedFatG: 2,
    transFatG: 0,
    sodiumMg: 640,
  },
  vegetarian: true,
  manufacturer: { name: 'Mithila Makhana Co.', address: 'Bela Industrial Area, Darbhanga 846005' },
};

/** Who sells, as an owner saves it: a Bihar GSTIN whose check character adds up. */
export const SHOP_SETTINGS = {
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
