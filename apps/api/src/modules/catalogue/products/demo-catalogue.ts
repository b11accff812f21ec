import { createHash } from 'node:crypto';
import type { MakerOnLabel, Nutrition } from '@makhana/domain/declarations';
import { renditionName } from '@makhana/domain/images';
import { formatAddress, SITE } from '@makhana/domain/site';

/** The demo catalogue loaded into an empty database in development (prices in whole rupees). */

export interface DemoVariant {
  weight: number;
  price: number;
  stock: number;
}

export interface DemoProduct {
  slug: string;
  code: string;
  name: string;
  variant: string;
  description: string;
  categoryType: string;
  packOfBox: number;
  shelfLife: number;
  healthBenefits: string;
  containerType: string;
  dietaryPreference: string;
  /** a 4-digit heading: roasted and flavoured fox nuts under 2008, the raw ones under 0802 */
  hsnCode: string;
  ingredients: string;
  allergens: string;
  /** per 100 g, from published figures for fox nuts and the seasonings' share */
  nutrition: Nutrition;
  weights: DemoVariant[];
}

/** Who makes the demo's packs, as their labels name them. */
export const DEMO_MANUFACTURER: MakerOnLabel = {
  name: SITE.brand,
  address: formatAddress(),
};

const ROASTED_BENEFITS =
  'High in plant protein and fibre, low in fat, naturally gluten free; rich in magnesium, potassium and antioxidants.';

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    slug: 'classic-roasted',
    code: 'CLS',
    name: 'Classic Roasted Makhana',
    variant: 'Classic Salted',
    description:
      'Hand-picked fox nuts from the ponds of Mithila, slow-roasted in small batches with a whisper of cold-pressed groundnut oil and sea salt. Light, crunchy and honest, this is the makhana our grandmothers served with evening chai. A guilt-free snack for the office drawer or the school tiffin.',
    categoryType: 'Roasted Makhana',
    packOfBox: 1,
    shelfLife: 6,
    healthBenefits: ROASTED_BENEFITS,
    containerType: 'Resealable Zip Pouch',
    dietaryPreference: 'Vegetarian',
    hsnCode: '2008',
    ingredients: 'Fox nuts (makhana, 90%), cold-pressed groundnut oil, sea salt.',
    allergens: 'Groundnut (peanut) oil.',
    nutrition: {
      energyKcal: 410,
      proteinG: 9.0,
      carbohydrateG: 70,
      sugarsG: 0.5,
      addedSugarsG: 0,
      fatG: 10,
      saturatedFatG: 1.8,
      transFatG: 0,
      sodiumMg: 450,
    },
    weights: [
      { weight: 50, price: 99, stock: 120 },
      { weight: 100, price: 179, stock: 150 },
      { weight: 250, price: 399, stock: 80 },
      { weight: 500, price: 749, stock: 40 },
    ],
  },
  {
    slug: 'himalayan-pink-salt',
    code: 'HPS',
    name: 'Himalayan Pink Salt Makhana',
    variant: 'Himalayan Pink Salt',
    description:
      'Plump, double-popped makhana roasted and tossed with mineral-rich Himalayan pink salt and a hint of black pepper. Less sodium than table salt, all of the crunch. Perfect for mindful munching between meetings.',
    categoryType: 'Roasted Makhana',
    packOfBox: 1,
    shelfLife: 6,
    healthBenefits: `${ROASTED_BENEFITS} Pink salt adds trace minerals.`,
    containerType: 'Resealable Zip Pouch',
    dietaryPreference: 'Vegan',
    hsnCode: '2008',
    ingredients: 'Fox nuts (makhana, 90%), rice bran oil, Himalayan pink salt (2%), black pepper.',
    allergens: 'None',
    nutrition: {
      energyKcal: 405,
      proteinG: 9.1,
      carbohydrateG: 71,
      sugarsG: 0.4,
      addedSugarsG: 0,
      fatG: 9.5,
      saturatedFatG: 1.7,
      transFatG: 0,
      sodiumMg: 520,
    },
    weights: [
      { weight: 100, price: 199, stock: 110 },
      { weight: 250, price: 449, stock: 70 },
      { weight: 500, price: 849, stock: 35 },
    ],
  },
  {
    slug: 'peri-peri',
    code: 'PRP',
    name: 'Peri Peri Makhana',
    variant: 'Peri Peri',
    description:
      'Our roasted fox nuts coated in a fiery African bird’s-eye chilli blend with garlic, paprika and a squeeze of lemon. Bold enough for movie night, light enough to keep reaching for. Roasted, never fried.',
    categoryType: 'Roasted Makhana',
    packOfBox: 1,
    shelfLife: 6,
    healthBenefits: `${ROASTED_BENEFITS} Chilli may support metabolism.`,
    containerType: 'Resealable Zip Pouch',
    dietaryPreference: 'Vegan',
    hsnCode: '2008',
    ingredients:
      "Fox nuts (makhana, 85%), rice bran oil, peri peri seasoning (bird's-eye chilli, garlic, paprika, onion, salt, sugar, acidity regulator (330)), salt.",
    allergens: 'None',
    nutrition: {
      energyKcal: 420,
      proteinG: 8.8,
      carbohydrateG: 69,
      sugarsG: 2.1,
      addedSugarsG: 1.0,
      fatG: 11,
      saturatedFatG: 2.0,
      transFatG: 0,
      sodiumMg: 640,
    },
    weights: [
      { weight: 50, price: 119, stock: 90 },
      { weight: 100, price: 209, stock: 130 },
      { weight: 250, price: 479, stock: 60 },
    ],
  },
  {
    slug: 'cheese-herbs',
    code: 'CHZ',
    name: 'Cheese & Herbs Makhana',
    variant: 'Cheese',
    description:
      'Crunchy makhana dusted with real cheddar cheese powder, oregano, basil and a pinch of chilli flakes. Tastes like a pizza night, without the heaviness. A favourite in lunch boxes for kids and grown-ups alike.',
    categoryType: 'Roasted Makhana',
    packOfBox: 1,
    shelfLife: 5,
    healthBenefits: `${ROASTED_BENEFITS} Contains milk solids for extra calcium.`,
    containerType: 'Resealable Zip Pouch',
    dietaryPreference: 'Vegetarian',
    hsnCode: '2008',
    ingredients:
      'Fox nuts (makhana, 80%), rice bran oil, cheese seasoning (cheese powder (milk), milk solids, salt, oregano, basil, parsley, garlic), salt.',
    allergens: 'Milk.',
    nutrition: {
      energyKcal: 440,
      proteinG: 10.5,
      carbohydrateG: 66,
      sugarsG: 2.5,
      addedSugarsG: 0.8,
      fatG: 14,
      saturatedFatG: 4.5,
      transFatG: 0.1,
      sodiumMg: 700,
    },
    weights: [
      { weight: 50, price: 129, stock: 75 },
      { weight: 100, price: 229, stock: 100 },
      { weight: 250, price: 499, stock: 45 },
    ],
  },
  {
    slug: 'pudina-mint',
    code: 'MNT',
    name: 'Pudina Mint Makhana',
    variant: 'Mint',
    description:
      'Cooling pudina, dried mango powder and rock salt on slow-roasted fox nuts, inspired by the chaat stalls of Darbhanga. Tangy, fresh and impossible to stop at one handful. Great with a glass of nimbu pani.',
    categoryType: 'Roasted Makhana',
    packOfBox: 1,
    shelfLife: 6,
    healthBenefits: `${ROASTED_BENEFITS} Mint aids digestion.`,
    containerType: 'Resealable Zip Pouch',
    dietaryPreference: 'Vegan',
    hsnCode: '2008',
    ingredients:
      'Fox nuts (makhana, 85%), rice bran oil, mint seasoning (dried mint, black salt, cumin, dry mango powder, sugar), salt.',
    allergens: 'None',
    nutrition: {
      energyKcal: 415,
      proteinG: 8.9,
      carbohydrateG: 70,
      sugarsG: 1.8,
      addedSugarsG: 1.0,
      fatG: 10.5,
      saturatedFatG: 1.9,
      transFatG: 0,
      sodiumMg: 560,
    },
    weights: [
      { weight: 50, price: 109, stock: 85 },
      { weight: 100, price: 199, stock: 120 },
      { weight: 250, price: 449, stock: 50 },
    ],
  },
  {
    slug: 'caramel',
    code: 'CAR',
    name: 'Salted Caramel Makhana',
    variant: 'Caramel',
    description:
      'Roasted makhana glazed in golden jaggery caramel with a flake of sea salt, packed in a reusable glass jar that makes a thoughtful gift. Sweet, buttery and crisp, it is a better-for-you dessert for festive hampers. Made without refined sugar.',
    categoryType: 'Sweet Makhana',
    packOfBox: 1,
    shelfLife: 4,
    healthBenefits:
      'Sweetened with jaggery instead of refined sugar; a source of plant protein, fibre and iron.',
    containerType: 'Jar',
    dietaryPreference: 'Vegetarian',
    hsnCode: '2008',
    ingredients: 'Fox nuts (makhana, 70%), sugar, butter (milk), jaggery, sea salt, vanilla.',
    allergens: 'Milk.',
    nutrition: {
      energyKcal: 455,
      proteinG: 7.8,
      carbohydrateG: 74,
      sugarsG: 22,
      addedSugarsG: 21,
      fatG: 13,
      saturatedFatG: 6.5,
      transFatG: 0.2,
      sodiumMg: 280,
    },
    weights: [
      { weight: 250, price: 549, stock: 40 },
      { weight: 500, price: 999, stock: 20 },
    ],
  },
  {
    slug: 'raw-premium',
    code: 'RAW',
    name: 'Raw Premium Makhana (6 Suta, unroasted)',
    variant: 'Plain',
    description:
      'Extra-large 6 Suta grade fox nuts, sun-dried and hand-graded in Mithila, left unroasted for your kitchen. Roast them in ghee at home, stir them into kheer, or cook a rich makhana curry. Single-origin, with nothing added.',
    categoryType: 'Raw Makhana',
    packOfBox: 1,
    shelfLife: 12,
    healthBenefits:
      'Naturally gluten free, low in fat and sodium, a source of protein, fibre, magnesium and potassium; a traditional fasting (vrat) food.',
    containerType: 'Resealable Zip Pouch',
    dietaryPreference: 'Gluten Free',
    hsnCode: '0802',
    ingredients: 'Fox nuts (makhana, 100%).',
    allergens: 'None',
    nutrition: {
      energyKcal: 347,
      proteinG: 9.7,
      carbohydrateG: 76.9,
      sugarsG: 0.5,
      addedSugarsG: 0,
      fatG: 0.1,
      saturatedFatG: 0,
      transFatG: 0,
      sodiumMg: 1,
    },
    weights: [
      { weight: 250, price: 449, stock: 60 },
      { weight: 500, price: 849, stock: 30 },
    ],
  },
  {
    slug: 'cream-onion',
    code: 'CRO',
    name: 'Cream & Onion Makhana',
    variant: 'Cream & Onion',
    description:
      'Roasted fox nuts tossed in a creamy seasoning of onion, chives and a touch of parsley. All the comfort of your favourite chips, at a fraction of the fat. Ideal for parties and long drives.',
    categoryType: 'Roasted Makhana',
    packOfBox: 1,
    shelfLife: 5,
    healthBenefits: ROASTED_BENEFITS,
    containerType: 'Resealable Zip Pouch',
    dietaryPreference: 'Vegetarian',
    hsnCode: '2008',
    ingredients:
      'Fox nuts (makhana, 80%), rice bran oil, cream and onion seasoning (milk solids, onion powder, sugar, salt, parsley, garlic), salt.',
    allergens: 'Milk.',
    nutrition: {
      energyKcal: 435,
      proteinG: 9.6,
      carbohydrateG: 68,
      sugarsG: 3.0,
      addedSugarsG: 1.2,
      fatG: 13,
      saturatedFatG: 4.0,
      transFatG: 0.1,
      sodiumMg: 680,
    },
    weights: [
      { weight: 50, price: 119, stock: 70 },
      { weight: 100, price: 219, stock: 95 },
      { weight: 250, price: 469, stock: 40 },
    ],
  },
  {
    slug: 'tangy-tomato',
    code: 'TOM',
    name: 'Tangy Tomato Makhana',
    variant: 'Tangy Tomato',
    description:
      'Sun-ripened tomato powder, a little chilli and a twist of tamarind on crunchy roasted makhana. Tangy, zesty and loved by kids. Our most requested flavour, back soon.',
    categoryType: 'Roasted Makhana',
    packOfBox: 1,
    shelfLife: 6,
    healthBenefits: `${ROASTED_BENEFITS} Tomato adds lycopene.`,
    containerType: 'Resealable Zip Pouch',
    dietaryPreference: 'Vegan',
    hsnCode: '2008',
    ingredients:
      'Fox nuts (makhana, 82%), rice bran oil, tomato seasoning (tomato powder, sugar, salt, onion, chilli, acidity regulator (330)), salt.',
    allergens: 'None',
    nutrition: {
      energyKcal: 420,
      proteinG: 8.7,
      carbohydrateG: 71,
      sugarsG: 4.5,
      addedSugarsG: 2.5,
      fatG: 11,
      saturatedFatG: 2.0,
      transFatG: 0,
      sodiumMg: 610,
    },
    weights: [
      { weight: 50, price: 109, stock: 0 },
      { weight: 100, price: 199, stock: 0 },
    ],
  },
];

/**
 * The demo pictures are drawings rendered into WebP at the uploads' standard widths
 * (`npm run render:pictures`), stored as `<drawing>-<width>.webp` beside the drawing. Copied into
 * the uploads, each takes the uploads' naming rule (`<32 hex digits>-<width>.webp`, from
 * @makhana/domain/images), so the storefront offers a phone the small renditions as it does for
 * the owner's own pictures; the id is the drawing's name hashed, the same on every machine.
 */
export function demoPictureId(drawing: string): string {
  return createHash('sha256').update(`demo/${drawing}`).digest('hex').slice(0, 32);
}

/** A demo rendition's file name (`banner-1-640.webp`) as the uploads name it; null for any other file. */
export function demoUploadName(fileName: string): string | null {
  const match = /^([a-z0-9-]{1,64})-([1-9][0-9]{2,3})\.webp$/.exec(fileName);
  if (!match) return null;
  return renditionName(demoPictureId(match[1] as string), Number(match[2]));
}

const demoPicture = (folder: string, drawing: string, largestWidth: number) =>
  `/uploads/demo/${folder}/${renditionName(demoPictureId(drawing), largestWidth)}`;

export const DEMO_BANNER_IMAGES = [1, 2, 3].map((n) => demoPicture('banners', `banner-${n}`, 1280));

export function demoProductImages(slug: string): string[] {
  return [1, 2].map((n) => demoPicture('products', `${slug}-${n}`, 960));
}
