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
