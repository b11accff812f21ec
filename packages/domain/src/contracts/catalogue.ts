/** The catalogue as the API sends it: prices in whole rupees, ids as strings. */
import { z } from 'zod';
import { GST_RATES, NUTRIENTS, type NutrientKey } from '../declarations';

export const productVariantShape = z
  .object({
    weight: z.number().meta({ description: 'grams' }),
    price: z.number().meta({ description: 'rupees' }),
    sku: z.string(),
    stock: z.int().meta({ description: 'units free to sell (stock not held by pending orders)' }),
    lowStockBelow: z.int().meta({
      description: "the owner's low-stock mark: free stock below it counts as low",
    }),
    shippingWeight: z.int().meta({
      description: "grams on the courier's scales: the owner's, else the net weight plus packaging",
    }),
    unitSalePrice: z.object({ amount: z.number(), per: z.enum(['g', 'kg']) }).meta({
      description:
        'rupees per gram below 1 kg, per kilogram from 1 kg, from the price (the MRP) and the weight (the net quantity)',
    }),
  })
  .meta({ id: 'ProductVariant' });

const makerShape = z.object({ name: z.string(), address: z.string() });

export const nutritionShape = z
  .object(
    Object.fromEntries(NUTRIENTS.map((n) => [n.key, z.number()])) as Record<
      NutrientKey,
      z.ZodNumber
    >,
  )
  .meta({
    id: 'Nutrition',
    description: 'per 100 g: energy in kcal, sodium in mg, the rest in grams',
  });

export const productRatingShape = z
  .object({ average: z.number(), count: z.int() })
  .meta({ id: 'ProductRating' });

export const productShape = z
  .object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    brand: z.string(),
    categoryType: z.string(),
    packOfBox: z.int(),
    price: z
      .number()
      .meta({ description: 'rupees: the price on the card until a filter chooses a weight' }),
    variant: z.string().meta({ description: 'the flavour' }),
    listed: z.boolean().meta({ description: "the owner's switch: on sale or not" }),
    inStock: z.boolean().meta({
      description: 'a shopper can buy it: listed, and some weight has free stock',
    }),
    images: z.array(z.string()),
    imageAlts: z.array(z.string()).meta({
      description:
        "each picture's alternative text, in the order of `images`: the owner's, else the product's name and smallest weight",
    }),
    shelfLife: z.int().meta({ description: 'months' }),
    modelNumber: z.string(),
    countryOfOrigin: z.string(),
    healthBenefits: z.string(),
    containerType: z.string(),
    dietaryPreference: z.string(),
    sku: z.string(),
    hsnCode: z
      .string()
      .meta({ description: "the goods' HSN code, 4 to 8 digits; empty until set" }),
    gstRate: z.union(GST_RATES.map((rate) => z.literal(rate))).meta({
      description: 'the GST rate in percent, included in every price',
    }),
    ingredients: z.string(),
    allergens: z.string().meta({ description: '"None" is an answer; empty until set' }),
    nutrition: nutritionShape.nullable(),
    vegetarian: z.boolean().nullable().meta({ description: 'null until the owner says' }),
    manufacturer: makerShape,
    packer: makerShape
      .nullable()
      .meta({ description: 'when another than the manufacturer packed it' }),
    quantity: z.array(productVariantShape),
    rating: productRatingShape,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' });

export const reviewShape = z
  .object({
    _id: z.string(),
    product: z.string().meta({ description: 'the product reviewed' }),
    user: z
      .string()
      .nullable()
      .meta({ description: "the author's id; null once the author's account was erased" }),
    userName: z.string().meta({ description: "the author's name; empty shows as Anonymous" }),
    rating: z.int().min(1).max(5),
    comment: z.string().meta({ description: 'plain text, 1 to 1,000 characters' }),
    verifiedBuyer: z
      .boolean()
      .meta({ description: 'the author has a paid order holding this product' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Review' });

export const bannerShape = z
  .object({ _id: z.string(), images: z.array(z.string()) })
  .meta({ id: 'Banner' });
