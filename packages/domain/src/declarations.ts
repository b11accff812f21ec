/**
 * What a packaged food's listing must declare before the sale (Legal Metrology (Packaged
 * Commodities) Rules 2011, rule 6; FSSAI Labelling and Display Regulations 2020), and its GST.
 * Free of zod: the product page reads these names without the schemas.
 */

/** The GST slabs since 22 September 2025; packaged makhana is taxed at 5%. */
export const GST_RATES = [0, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];
export const DEFAULT_GST_RATE: GstRate = 5;
/** Roasted and flavoured fox nuts ("other prepared or preserved nuts and seeds"), the form's start. */
export const SUGGESTED_HSN_CODE = '2008';

/** The nutrition table per 100 g, in the order a label prints it. */
export const NUTRIENTS = [
  { key: 'energyKcal', label: 'Energy', unit: 'kcal', max: 900 },
  { key: 'proteinG', label: 'Protein', unit: 'g', max: 100 },
  { key: 'carbohydrateG', label: 'Carbohydrate', unit: 'g', max: 100 },
  { key: 'sugarsG', label: 'Total sugars', unit: 'g', max: 100 },
  { key: 'addedSugarsG', label: 'Added sugars', unit: 'g', max: 100 },
  { key: 'fatG', label: 'Total fat', unit: 'g', max: 100 },
  { key: 'saturatedFatG', label: 'Saturated fat', unit: 'g', max: 100 },
  { key: 'transFatG', label: 'Trans fat', unit: 'g', max: 100 },
  { key: 'sodiumMg', label: 'Sodium', unit: 'mg', max: 100_000 },
] as const;
export type NutrientKey = (typeof NUTRIENTS)[number]['key'];
export type Nutrition = Record<NutrientKey, number>;

/** Who made (or packed) the pack, as its label names them. */
export interface MakerOnLabel {
  name: string;
  address: string;
}

/** The declarations a product needs before it is listed, in the order the form shows them. */
export const MANDATORY_DECLARATIONS = [
  'hsnCode',
  'ingredients',
  'allergens',
  'nutrition',
  'vegetarian',
  'manufacturer.name',
  'manufacturer.address',
  'countryOfOrigin',
] as const;

export const DECLARATION_MESSAGES = {
  missing: 'Required before the product is listed',
  hsnCode: 'An HSN code is 4 to 8 digits',
  gstRate: 'GST rate must be 0, 5, 18 or 40',
  vegetarian: 'Choose veg or non-veg',
} as const;
