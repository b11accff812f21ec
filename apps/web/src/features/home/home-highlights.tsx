import { AwardIcon, type IconComponent, LeafIcon, MuscleIcon } from '../../components/icons';

interface Highlight {
  title: string;
  text: string;
  Icon: IconComponent;
}

const HIGHLIGHTS: Highlight[] = [
  {
    title: 'Premium Quality',
    text: 'Only the largest, whitest 5-sutta and 6-sutta seeds make the cut, hand-graded after every harvest.',
    Icon: AwardIcon,
  },
  {
    title: 'High Protein',
    text: 'Around 9–10 g of plant protein per 100 g, with fibre that keeps you full between meals.',
    Icon: MuscleIcon,
  },
  {
    title: 'Certified Organic',
    text: 'Grown without pesticides or chemical fertilisers in natural ponds, and certified organic.',
    Icon: LeafIcon,
  },
];

export function HomeHighlights() {
  return (
    <section
      aria-labelledby="home-highlights-title"
      className="container-page below-fold [--fold-height:800px] lg:[--fold-height:400px] -mt-2 py-12 sm:py-16"
    >
      <h2 id="home-highlights-title" className="sr-only">
        Why our makhana stands out
      </h2>
      <ul className="grid gap-5 md:grid-cols-3">
        {HIGHLIGHTS.map(({ title, text, Icon }) => (
          <li key={title} className="card flex gap-4 p-6 transition-shadow hover:shadow-md">
            <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-forest-50 text-forest-700">
              <Icon className="h-7 w-7" strokeWidth={1.6} />
            </span>
            <div>
              <h3 className="font-display text-xl font-semibold text-forest-800">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
