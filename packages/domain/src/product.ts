/** A product as the API sends it: prices in whole rupees, ids as strings. */

export interface ProductVariant {
  /** grams */
  weight: number;
  /** rupees */
  price: number;
  sku: string;
  /** units free to sell (stock not held by pending orders) */
  stock: number;
}

export interface ProductRating {
  average: number;
  count: number;
}

export interface Product {
  _id: string;
  name: string;
  description: string;
  brand: string;
  categoryType: string;
  packOfBox: number;
  /** rupees: the price on the card, and the one the price filter reads */
  price: number;
  /** the flavour */
  variant: string;
  /** the owner's switch; see isProductAvailable for what a shopper can buy */
  inStock: boolean;
  images: string[];
  /** months */
  shelfLife: number;
  modelNumber: string;
  countryOfOrigin: string;
  healthBenefits: string;
  containerType: string;
  dietaryPreference: string;
  sku: string;
  quantity: ProductVariant[];
  rating: ProductRating;
  createdAt: string;
  updatedAt: string;
}

export interface Banner {
  _id: string;
  images: string[];
}

/** A product can be bought when the owner has it on sale and some weight has free stock. */
export function isProductAvailable(product: Pick<Product, 'inStock' | 'quantity'>): boolean {
  return product.inStock && product.quantity.some((v) => v.stock > 0);
}

/** The owner's stock column: the lowest stock across variants, or 0 if none. */
export function lowestStock(product: Pick<Product, 'quantity'>): number {
  if (product.quantity.length === 0) return 0;
  return Math.min(...product.quantity.map((v) => v.stock));
}

/** Average to one decimal, as the reviews section shows it. */
export function roundRating(average: number): number {
  return Math.round(average * 10) / 10;
}
