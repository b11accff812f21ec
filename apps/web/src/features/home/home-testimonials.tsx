import { Carousel } from '../../components/carousel';
import { StarIcon } from '../../components/icons';

interface Testimonial {
  name: string;
  city: string;
  rating: number;
  quote: string;
}

/** Slower than the banner: these are read, not glanced at. */
const TESTIMONIAL_AUTOPLAY_MS = 6000;

const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Priya Sharma',
    city: 'Jaipur',
    rating: 5,
    quote:
      'The Himalayan pink salt makhana has replaced namkeen at our 4 pm chai. Crisp from the first handful to the last, and my kids finish the pack before I do.',
  },
  {
    name: 'Rohit Verma',
    city: 'Bengaluru',
    rating: 5,
    quote:
      'I track my protein and was happy to find a desk snack that is not fried. Peri peri is properly spicy, and the order reached me in five days.',
  },
  {
    name: 'Ananya Iyer',
    city: 'Chennai',
    rating: 4,
    quote:
      'The seeds are big and evenly roasted, with none of the hard, unpopped ones you get in loose makhana. I would love a larger family pack.',
  },
  {
    name: 'Sanjay Jha',
    city: 'Patna',
    rating: 5,
    quote:
      'Being from Darbhanga, I am fussy about makhana. This tastes like the phool makhana my nani roasted in ghee at home. Very happy to support Mithila farmers.',
  },
  {
    name: 'Meera Nair',
    city: 'Kochi',
    rating: 5,
    quote:
      'We keep the classic one for my mother during her fasts. Light, clean ingredients, and the customer care team answered my question the same day.',
  },
  {
    name: 'Arjun Mehta',
    city: 'Pune',
    rating: 5,
    quote:
      'Ordered as Diwali gifts for my team. Everyone asked where it was from, and the packs arrived well sealed without a single broken pouch.',
  },
];

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5 text-saffron-500">
      <span className="sr-only">Rated {rating} out of 5</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} className={n <= rating ? '' : 'text-cream-200'} />
      ))}
    </p>
  );
}

export function HomeTestimonials() {
  return (
    <Carousel
      labelledBy="testimonials-title"
      className="container-page below-fold [--fold-height:780px] lg:[--fold-height:900px] py-14 sm:py-20"
      trackClassName="py-1 [--gap:1.5rem]"
      header={
        <div className="mx-auto max-w-2xl pb-4 text-center">
          <p className="eyebrow">Testimonials</p>
          <h2 id="testimonials-title" className="section-heading mt-3">
            Loved in kitchens across India
          </h2>
          <p className="mt-4 text-muted">What our customers tell us about their makhana.</p>
        </div>
      }
      slidesPerView={{ base: 1, 768: 2, 1024: 3 }}
      autoplayMs={TESTIMONIAL_AUTOPLAY_MS}
      loop
      dots
      rotationName="testimonials"
    >
      {TESTIMONIALS.map((testimonial) => (
        <figure key={testimonial.name} className="card flex h-full flex-col p-6">
          <Stars rating={testimonial.rating} />
          <blockquote className="mt-4 flex-1 leading-relaxed text-ink">
            <p>&ldquo;{testimonial.quote}&rdquo;</p>
          </blockquote>
          <figcaption className="mt-6 flex items-center gap-3">
            <span
              aria-hidden="true"
              className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-forest-700 font-semibold text-cream-50"
            >
              {testimonial.name.charAt(0)}
            </span>
            <span>
              <span className="block font-semibold text-forest-800">{testimonial.name}</span>
              <span className="block text-sm text-muted">{testimonial.city}</span>
            </span>
          </figcaption>
        </figure>
      ))}
    </Carousel>
  );
}
