/**
 * The unit sale price a pack's listing must show (Legal Metrology (Packaged Commodities) Rules
 * 2011, rule 6(1)): the price of one gram for a pack under a kilogram, of one kilogram from a
 * kilogram up. Computed from the MRP and the net quantity, never typed. Per 100 g too, so that
 * packs of every size compare at a glance.
 */
export interface UnitSalePrice {
  /** rupees, to the paisa */
  amount: number;
  per: 'g' | 'kg';
}

const GRAMS_IN_KG = 1_000;

/** To the paisa, half up: ₹449 for 250 g is ₹1.796 a gram, shown as ₹1.80. */
const toPaisa = (rupees: number) => Math.round(rupees * 100) / 100;

export function unitSalePrice(priceRupees: number, netGrams: number): UnitSalePrice {
  return netGrams < GRAMS_IN_KG
    ? { amount: toPaisa(priceRupees / netGrams), per: 'g' }
    : { amount: toPaisa((priceRupees * GRAMS_IN_KG) / netGrams), per: 'kg' };
}

/** The price of 100 g, to the paisa. */
export function pricePer100g(priceRupees: number, netGrams: number): number {
  return toPaisa((priceRupees * 100) / netGrams);
}

/** "50 g", "1 kg", "1.5 kg": the net quantity as a label prints it. */
export function formatNetQuantity(grams: number): string {
  return grams < GRAMS_IN_KG ? `${grams} g` : `${grams / GRAMS_IN_KG} kg`;
}
