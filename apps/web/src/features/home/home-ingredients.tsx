import { artworkSources, HALF_PAGE_SIZES } from '../../lib/artwork';

const INGREDIENTS = [
  {
    name: 'Organic lotus seeds',
    text: 'Hand-harvested makhana from Mithila, the heart of every pack.',
  },
  {
    name: 'Himalayan pink salt',
    text: 'A light sprinkle of unrefined, mineral-rich rock salt.',
  },
  {
    name: 'Cold-pressed oil',
    text: 'Just a thin coat for crunch and flavour, never deep-fried.',
  },
  {
    name: 'Real spices and herbs',
    text: 'Mint, black pepper, peri peri and turmeric, with no MSG.',
  },
];

const BENEFITS = [
  'Low glycaemic index for steady energy',
  'Calcium and magnesium for strong bones',
  'Natural antioxidants such as kaempferol',
  'Fibre that is gentle on digestion',
];

export function HomeIngredients() {
  return (
    <section
      aria-labelledby="ingredients-title"
      className="below-fold [--fold-height:1550px] lg:[--fold-height:1080px] bg-white py-14 sm:py-20"
    >
      <div className="container-page grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="eyebrow">Clean label</p>
          <h2 id="ingredients-title" className="section-heading mt-3">
            Key ingredients and benefits
          </h2>
          <p className="mt-4 leading-relaxed text-muted">
            Short ingredient lists you can read out loud. Nothing artificial, nothing hidden.
          </p>
          <dl className="mt-8 grid gap-5 sm:grid-cols-2">
            {INGREDIENTS.map((item) => (
              <div key={item.name} className="rounded-2xl bg-cream-100 p-5">
                <dt className="font-display text-lg font-semibold text-forest-800">{item.name}</dt>
                <dd className="mt-1 text-sm leading-relaxed text-muted">{item.text}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-10 font-display text-xl font-semibold text-forest-800">
            What makhana does for you
          </h3>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex gap-3 text-sm text-ink">
                <span
                  aria-hidden="true"
                  className="mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-forest-700 text-[11px] text-cream-50"
                >
                  ✓
                </span>
                {benefit}
              </li>
            ))}
          </ul>
        </div>
        <img
          {...artworkSources('ingredients')}
          sizes={HALF_PAGE_SIZES}
          alt="Makhana surrounded by pink salt, mint leaves and whole spices"
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-3xl"
        />
      </div>
    </section>
  );
}
