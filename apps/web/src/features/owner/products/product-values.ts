import {
  DEFAULT_GST_RATE,
  NUTRIENTS,
  type NutrientKey,
  SUGGESTED_HSN_CODE,
} from '@makhana/domain/declarations';
import type { Product } from '@makhana/domain/product';
import { defaultShippingGrams } from '@makhana/domain/shipping';
import { DEFAULT_LOW_STOCK_BELOW, type productSchema } from '@makhana/domain/validation';
import type { z } from 'zod';

/** The owner's on-sale switch of a product. */
export function onSale(product: Product): boolean {
  return product.listed;
}

/**
 * The form's values: what the schema takes, with the declarations as the form's boxes hold them
 * (the schema reads them whatever their type, so its own input type leaves them unknown).
 */
export type ProductFormValues = Omit<
  z.input<typeof productSchema>,
  'gstRate' | 'nutrition' | 'vegetarian' | 'packer'
> & {
  gstRate: number | string;
  nutrition: Record<NutrientKey, number | string>;
  vegetarian: '' | 'Veg' | 'Non-veg';
  packer: { name: string; address: string };
};

const blankNutrition = () =>
  Object.fromEntries(NUTRIENTS.map((nutrient) => [nutrient.key, ''])) as Record<
    NutrientKey,
    string
  >;

export const emptyVariant = {
  weight: '',
  price: '',
  sku: '',
  stock: '',
  lowStockBelow: DEFAULT_LOW_STOCK_BELOW,
  shippingWeight: '',
} as const;

/** The form's starting values: the product's own, or a new product's defaults. */
export function formValuesOf(product: Product | null): ProductFormValues {
  if (!product) {
    return {
      name: '',
      brand: '',
      categoryType: '',
      packOfBox: 1,
      price: '',
      description: '',
      shelfLife: '',
      variant: '',
      listed: true,
      modelNumber: '',
      countryOfOrigin: 'India',
      healthBenefits: '',
      containerType: '',
      dietaryPreference: '',
      sku: '',
      hsnCode: SUGGESTED_HSN_CODE,
      gstRate: DEFAULT_GST_RATE,
      ingredients: '',
      allergens: '',
      nutrition: blankNutrition(),
      vegetarian: '',
      manufacturer: { name: '', address: '' },
      packer: { name: '', address: '' },
      quantity: [{ ...emptyVariant }],
    };
  }
  return {
    name: product.name,
    brand: product.brand,
    categoryType: product.categoryType,
    packOfBox: product.packOfBox,
    price: product.price,
    description: product.description,
    shelfLife: product.shelfLife,
    variant: product.variant,
    listed: onSale(product),
    modelNumber: product.modelNumber,
    countryOfOrigin: product.countryOfOrigin,
    healthBenefits: product.healthBenefits,
    containerType: product.containerType,
    dietaryPreference: product.dietaryPreference,
    sku: product.sku,
    hsnCode: product.hsnCode,
    gstRate: product.gstRate,
    ingredients: product.ingredients,
    allergens: product.allergens,
    nutrition: product.nutrition ?? blankNutrition(),
    vegetarian: product.vegetarian === null ? '' : product.vegetarian ? 'Veg' : 'Non-veg',
    manufacturer: product.manufacturer,
    packer: product.packer ?? { name: '', address: '' },
    quantity: product.quantity.map(
      ({ weight, price, sku, stock, lowStockBelow, shippingWeight }) => ({
        weight,
        price,
        sku,
        stock,
        lowStockBelow,
        // The default left empty stays the default: it follows the weight if the weight changes.
        shippingWeight: shippingWeight === defaultShippingGrams(weight) ? '' : shippingWeight,
      }),
    ),
  };
}
