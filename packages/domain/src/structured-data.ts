import type { Nutrition } from './declarations';
import type { Product } from './product';
import { roundRating } from './product';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/** An address on this shop made absolute: search engines read links in structured data as given. */
function absolute(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * A product page's schema.org `Product`: one `Offer` per weight at its own price in rupees, in
 * stock when the product is on sale and that weight has free stock, and the reviews' average once
 * there is one (schema.org asks for a rating only where reviews exist).
 */
/** schema.org's NutritionInformation of a label's table per 100 g. */
function nutritionInformation(nutrition: Nutrition): Record<string, string> {
  return {
    '@type': 'NutritionInformation',
    servingSize: '100 g',
    calories: `${nutrition.energyKcal} kcal`,
    proteinContent: `${nutrition.proteinG} g`,
    carbohydrateContent: `${nutrition.carbohydrateG} g`,
    sugarContent: `${nutrition.sugarsG} g`,
    fatContent: `${nutrition.fatG} g`,
    saturatedFatContent: `${nutrition.saturatedFatG} g`,
    transFatContent: `${nutrition.transFatG} g`,
    sodiumContent: `${nutrition.sodiumMg} mg`,
  };
}

export function productStructuredData(product: Product, origin: string): Record<string, unknown> {
  const url = absolute(origin, `/product/${encodeURIComponent(product._id)}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    url,
    name: product.name,
    description: product.description,
    sku: product.sku,
    category: product.categoryType,
    brand: { '@type': 'Brand', name: product.brand },
    countryOfOrigin: product.countryOfOrigin,
    ...(product.nutrition ? { nutrition: nutritionInformation(product.nutrition) } : {}),
    image: product.images.map((image) => absolute(origin, image)),
    offers: product.quantity.map((weight) => ({
      '@type': 'Offer',
      sku: weight.sku,
      name: `${product.name}, ${weight.weight} g`,
      url,
      price: weight.price.toFixed(2),
      priceCurrency: 'INR',
      availability: product.inStock && weight.stock > 0 ? IN_STOCK : OUT_OF_STOCK,
      itemCondition: 'https://schema.org/NewCondition',
    })),
    ...(product.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: roundRating(product.rating.average),
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
