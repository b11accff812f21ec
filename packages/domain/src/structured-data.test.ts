import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Product } from './product';
import { productStructuredData } from './structured-data';

const absoluteUrl = z.url({ protocol: /^https?$/ });

/**
 * schema.org's Product as search engines read it for a product snippet: a name, pictures, a brand,
 * and offers each with a price, its currency and an availability from schema.org's list; a rating
 * only with a count of reviews behind it.
 */
const schemaOrgProduct = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  '@id': absoluteUrl,
  url: absoluteUrl,
  name: z.string().min(1),
  description: z.string().min(1),
  sku: z.string().min(1),
  category: z.string(),
  brand: z.object({ '@type': z.literal('Brand'), name: z.string().min(1) }).strict(),
  countryOfOrigin: z.string(),
  image: z.array(absoluteUrl).min(1),
  offers: z
    .array(
      z
        .object({
          '@type': z.literal('Offer'),
          sku: z.string().min(1),
          name: z.string().min(1),
          url: absoluteUrl,
          price: z.string().regex(/^\d{1,9}\.\d{2}$/),
          priceCurrency: z.literal('INR'),
          availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock']),
          itemCondition: z.literal('https://schema.org/NewCondition'),
        })
        .strict(),
    )
    .min(1),
  aggregateRating: z
    .object({
      '@type': z.literal('AggregateRating'),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.int().min(1),
      bestRating: z.literal(5),
      worstRating: z.literal(1),
    })
    .strict()
    .optional(),
});

const product: Product = {
  _id: '3af6006c-68cc-4055-9f45-32479db4099e',
  name: 'Classic Roasted Makhana',
  description: 'Hand-picked fox nuts, slow-roasted.',
  brand: 'Mithila Makhana',
  categoryType: 'Roasted Makhana',
  packOfBox: 1,
  price: 99,
  variant: 'Classic Salted',
  listed: true,
  inStock: true,
  images: ['/uploads/demo/products/classic-roasted-1.svg', 'https://cdn.example.in/p/2.webp'],
  imageAlts: ['Classic Roasted Makhana 100g', 'Classic Roasted Makhana 100g'],
  shelfLife: 6,
  modelNumber: 'MM-1',
  countryOfOrigin: 'India',
  healthBenefits: 'Protein',
  containerType: 'Pouch',
  dietaryPreference: 'Vegetarian',
  sku: 'MM-CLS',
  hsnCode: '2008',
  gstRate: 5,
  ingredients: 'Fox nuts (96%), rice bran oil, rock salt',
  allergens: 'None',
  nutrition: {
    energyKcal: 480,
    proteinG: 9.2,
    carbohydrateG: 70,
    sugarsG: 0.5,
    addedSugarsG: 0,
    fatG: 18,
    saturatedFatG: 3.5,
    transFatG: 0,
    sodiumMg: 620,
  },
  vegetarian: true,
  manufacturer: { name: 'Mithila Makhana Co.', address: 'Darbhanga, Bihar 846005' },
  packer: null,
  quantity: [
    {
      weight: 50,
      price: 99,
      sku: 'MM-CLS-50',
      stock: 12,
      lowStockBelow: 5,
      shippingWeight: 90,
      unitSalePrice: { amount: 1.98, per: 'g' },
    },
    {
      weight: 100,
      price: 179.5,
      sku: 'MM-CLS-100',
      stock: 0,
      lowStockBelow: 5,
      shippingWeight: 140,
      unitSalePrice: { amount: 1.8, per: 'g' },
    },
  ],
  rating: { average: 4.25, count: 4 },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
};

const ORIGIN = 'https://mithilamakhana.in';

describe('a product page’s structured data', () => {
  it('is a schema.org Product with an offer per weight and the rating', () => {
    const data = schemaOrgProduct.parse(productStructuredData(product, ORIGIN));
    expect(data.url).toBe(`${ORIGIN}/product/${product._id}`);
    expect(data.image).toEqual([
      `${ORIGIN}/uploads/demo/products/classic-roasted-1.svg`,
      'https://cdn.example.in/p/2.webp',
    ]);
    expect(data.offers.map((offer) => [offer.sku, offer.price, offer.availability])).toEqual([
      ['MM-CLS-50', '99.00', 'https://schema.org/InStock'],
      ['MM-CLS-100', '179.50', 'https://schema.org/OutOfStock'],
    ]);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.3, reviewCount: 4 });
  });

  it('carries the nutrition table per 100 g and the country of origin', () => {
    const data = productStructuredData(product, ORIGIN);
    expect(data.countryOfOrigin).toBe('India');
    expect(data.nutrition).toEqual({
      '@type': 'NutritionInformation',
      servingSize: '100 g',
      calories: '480 kcal',
      proteinContent: '9.2 g',
      carbohydrateContent: '70 g',
      sugarContent: '0.5 g',
      fatContent: '18 g',
      saturatedFatContent: '3.5 g',
      transFatContent: '0 g',
      sodiumContent: '620 mg',
    });
    expect(productStructuredData({ ...product, nutrition: null }, ORIGIN)).not.toHaveProperty(
      'nutrition',
    );
  });

  it('marks every weight out of stock when the owner has taken the product off sale', () => {
    const data = schemaOrgProduct.parse(
      productStructuredData({ ...product, inStock: false, listed: false }, ORIGIN),
    );
    expect(new Set(data.offers.map((offer) => offer.availability))).toEqual(
      new Set(['https://schema.org/OutOfStock']),
    );
  });

  it('gives no rating before the first review', () => {
    const data = productStructuredData({ ...product, rating: { average: 0, count: 0 } }, ORIGIN);
    expect(schemaOrgProduct.parse(data).aggregateRating).toBeUndefined();
  });
});
