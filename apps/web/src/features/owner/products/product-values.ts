import type { Product } from '@makhana/domain/product';
import { DEFAULT_LOW_STOCK_BELOW, type productSchema } from '@makhana/domain/validation';
import type { z } from 'zod';

/** The owner's on-sale switch of a product. */
export function onSale(product: Product): boolean {
  return product.listed;
}

export type ProductFormValues = z.input<typeof productSchema>;

export const emptyVariant = {
  weight: '',
  price: '',
  sku: '',
  stock: '',
  lowStockBelow: DEFAULT_LOW_STOCK_BELOW,
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
    quantity: product.quantity.map(({ weight, price, sku, stock, lowStockBelow }) => ({
      weight,
      price,
      sku,
      stock,
      lowStockBelow,
    })),
  };
}
