import {
  FeatherIcon,
  FlameIcon,
  HeartIcon,
  type IconComponent,
  WheatOffIcon,
} from '../../components/icons';

interface Benefit {
  title: string;
  text: string;
  Icon: IconComponent;
}

const BENEFITS: Benefit[] = [
  {
    title: 'Light and low in fat',
    text: 'Roughly 350 kcal per 100 g and naturally low in fat: a snack bowl you can enjoy without the heaviness of chips.',
    Icon: FeatherIcon,
  },
  {
    title: 'Good for the heart',
    text: 'Naturally rich in magnesium and potassium and low in sodium, which makes it friendly to healthy blood pressure.',
    Icon: HeartIcon,
  },
  {
    title: 'Gluten-free and vegan',
    text: 'Just lotus seeds, a little oil and spices. Suits gluten-free, vegan and vrat (fasting) diets alike.',
    Icon: WheatOffIcon,
  },
  {
    title: 'Roasted, never fried',
    text: 'Slow-roasted in small batches for an even crunch, with no preservatives and no artificial colours.',
    Icon: FlameIcon,
  },
];

/** The 'features' section that the header's Features link scrolls to. */
export function HomeFeatures() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="below-fold [--fold-height:1350px] lg:[--fold-height:800px] scroll-mt-20 bg-forest-800 py-14 text-cream-50 sm:py-20"
    >
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow text-saffron-400">The goodness inside</p>
          <h2 id="features-title" className="mt-3 font-display text-3xl font-semibold sm:text-4xl">
            Why Choose Our Makhana
          </h2>
          <p className="mt-4 text-cream-200">
            An ancient superfood from Bihar, made for modern snacking.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ title, text, Icon }) => (
            <li
              key={title}
              className="flex gap-4 rounded-2xl border border-forest-600 bg-forest-700/60 p-5 sm:block sm:p-6"
            >
              <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-saffron-500 text-forest-900">
                <Icon className="h-7 w-7" strokeWidth={1.6} />
              </span>
              <div>
                <h3 className="font-display text-xl font-semibold sm:mt-5">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-cream-200">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
