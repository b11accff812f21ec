import {
  Children,
  type CSSProperties,
  type FocusEvent,
  isValidElement,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { usePrefersReducedMotion } from '../lib/use-reduced-motion';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons';

/** Slides per view from each minimum viewport width (Tailwind's sm, md, lg, xl). */
export interface SlidesPerView {
  base?: number;
  640?: number;
  768?: number;
  1024?: number;
  1280?: number;
}

export interface CarouselProps {
  children: ReactNode;
  /** Names the region; or give `labelledBy` to point at a visible heading. */
  label?: string;
  labelledBy?: string;
  id?: string;
  className?: string;
  trackClassName?: string;
  /** Shown in the top row, left of the arrows. */
  header?: ReactNode;
  slidesPerView?: SlidesPerView;
  /** Advance every N ms; paused on hover, focus, hidden tab and reduced motion. */
  autoplayMs?: number;
  loop?: boolean;
  arrows?: boolean;
  dots?: boolean;
  /** Dots and the pause button sit over the slides (banners) rather than below them. */
  overlayControls?: boolean;
  prevLabel?: string;
  nextLabel?: string;
  /** What the pause button stops, e.g. 'banner slideshow'. */
  rotationName?: string;
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const serverFalse = () => false;

// Columns come from CSS custom properties switched by media queries, so the browser lays slides out
// before any script runs: no measuring, no layout shift.
const TRACK =
  'relative grid grid-flow-col auto-cols-[calc((100%_-_(var(--pv)_-_1)_*_var(--gap,1rem))_/_var(--pv))] gap-(--gap,1rem) overflow-x-auto overscroll-x-contain snap-x snap-mandatory [scrollbar-width:none] [&::-webkit-scrollbar]:hidden [--pv:var(--pv0)] sm:[--pv:var(--pv1)] md:[--pv:var(--pv2)] lg:[--pv:var(--pv3)] xl:[--pv:var(--pv4)]';

function perViewVars(perView: SlidesPerView): CSSProperties {
  const vars: Record<string, number> = {};
  let current = perView.base ?? 1;
  (['base', 640, 768, 1024, 1280] as const).forEach((key, index) => {
    current = perView[key] ?? current;
    vars[`--pv${index}`] = current;
  });
  return vars as CSSProperties;
}

const ARROW =
  'grid h-11 w-11 place-items-center rounded-full border border-forest-700 bg-white text-forest-700 transition-colors hover:bg-forest-50 disabled:cursor-not-allowed disabled:opacity-35';

/** A scroll-snap carousel: phones swipe natively, buttons and autoplay scroll the same track. */
export function Carousel({
  children,
  label,
  labelledBy,
  id,
  className = '',
  trackClassName = '',
  header,
  slidesPerView = {},
  autoplayMs,
  loop = false,
  arrows = false,
  dots = false,
  overlayControls = false,
  prevLabel = 'Previous slide',
  nextLabel = 'Next slide',
  rotationName = 'slideshow',
}: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const trackRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const stepRef = useRef(0);
  const [active, setActive] = useState(0);
  // Snap positions: fewer than slides when several show at once.
  const [pages, setPages] = useState(count);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Keyboard users must be able to scroll a track of plain content (quotes); links and buttons suffice otherwise.
  const [needsTabStop, setNeedsTabStop] = useState(false);
  const reduced = usePrefersReducedMotion();
  const hidden = useSyncExternalStore(subscribeVisibility, () => document.hidden, serverFalse);

  const measure = useCallback(() => {
    const track = trackRef.current;
    const [first, second] = track ? (Array.from(track.children) as HTMLElement[]) : [];
    if (!track || !first) return;
    const step = second ? second.offsetLeft - first.offsetLeft : track.clientWidth;
    stepRef.current = step;
    // Without layout (a hidden tab or tests) keep one position per slide.
    if (step <= 0) {
      setPages(count);
      return;
    }
    const last = Math.max(0, Math.round((track.scrollWidth - track.clientWidth) / step));
    setPages(Math.min(count, last + 1));
    setActive(Math.min(last, Math.max(0, Math.round(track.scrollLeft / step))));
  }, [count]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    measure();
    setNeedsTabStop(!track.querySelector('a[href], button, input, select, textarea, [tabindex]'));
    // Scroll events already arrive once per frame, so the handler needs no throttle of its own.
    track.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(track);
    return () => {
      track.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (!track) return;
      const step = stepRef.current || track.clientWidth;
      track.scrollTo({ left: index * step, behavior: reduced ? 'auto' : 'smooth' });
    },
    [reduced],
  );

  const lastPage = pages - 1;
  const next = active >= lastPage ? (loop ? 0 : null) : active + 1;
  const prev = active <= 0 ? (loop ? lastPage : null) : active - 1;
  const canRotate = Boolean(autoplayMs) && pages > 1 && !reduced;
  const rotating = canRotate && !userPaused && !hovered && !focused && !hidden;

  useEffect(() => {
    if (!rotating || next === null) return;
    // Re-armed on every change of slide, so a swipe or a click restarts the full delay.
    const timer = window.setTimeout(() => goTo(next), autoplayMs);
    return () => window.clearTimeout(timer);
  }, [rotating, next, goTo, autoplayMs]);

  const onFocus = (event: FocusEvent) => {
    // Focus on the pause button itself must not pause, or Play would appear to do nothing.
    setFocused(event.target !== toggleRef.current);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const toggle = canRotate && (
    <button
      ref={toggleRef}
      type="button"
      onClick={() => setUserPaused(!userPaused)}
      aria-label={`${userPaused ? 'Play' : 'Pause'} ${rotationName}`}
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full transition-colors ${overlayControls ? 'bg-forest-900/70 text-cream-50 backdrop-blur hover:bg-forest-900' : 'border border-forest-700 text-forest-700 hover:bg-forest-50'}`}
    >
      {userPaused ? <PlayIcon width="16" height="16" /> : <PauseIcon width="16" height="16" />}
    </button>
  );

  const dotButtons =
    dots &&
    pages > 1 &&
    Array.from({ length: pages }, (_, index) => (
      <button
        // biome-ignore lint/suspicious/noArrayIndexKey: dots are positions, not data
        key={index}
        type="button"
        onClick={() => goTo(index)}
        aria-label={`Go to slide ${index + 1}`}
        aria-current={index === active ? 'true' : undefined}
        className="grid h-6 w-6 place-items-center"
      >
        <span
          className={`h-2.5 rounded-full transition-all ${
            index === active
              ? `w-5 ${overlayControls ? 'bg-saffron-400' : 'bg-forest-700'}`
              : `w-2.5 ${overlayControls ? 'bg-cream-50/80' : 'bg-muted/50'}`
          } ${overlayControls ? 'shadow-[0_0_0_1px_rgba(20,42,29,0.35)]' : ''}`}
        />
      </button>
    ));

  return (
    <section
      id={id}
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-roledescription="carousel"
      className={`relative ${className}`}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {(header || arrows) && (
        <div className="mb-6 flex items-end justify-between gap-4">
          <div className="min-w-0 flex-1">{header}</div>
          {arrows && pages > 1 && (
            <div className="flex shrink-0 gap-2">
              <button
                type="button"
                className={ARROW}
                aria-label={prevLabel}
                disabled={prev === null}
                onClick={() => prev !== null && goTo(prev)}
              >
                <ChevronLeftIcon strokeWidth={2} />
              </button>
              <button
                type="button"
                className={ARROW}
                aria-label={nextLabel}
                disabled={next === null}
                onClick={() => next !== null && goTo(next)}
              >
                <ChevronRightIcon strokeWidth={2} />
              </button>
            </div>
          )}
        </div>
      )}
      <div
        ref={trackRef}
        data-testid="carousel-track"
        tabIndex={needsTabStop ? 0 : undefined}
        className={`${TRACK} ${trackClassName}`}
        style={perViewVars(slidesPerView)}
      >
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is an ARIA APG group, not a form fieldset
          <div
            key={isValidElement(slide) ? slide.key : index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            className="min-w-0 snap-start"
          >
            {slide}
          </div>
        ))}
      </div>
      {(dotButtons || toggle) && (
        <div
          className={
            overlayControls
              ? 'pointer-events-none absolute inset-x-0 bottom-2 flex items-center justify-center px-3 [&>*]:pointer-events-auto'
              : 'mt-6 flex items-center justify-center gap-3'
          }
        >
          {dotButtons && <div className="flex items-center gap-1">{dotButtons}</div>}
          {toggle && <div className={overlayControls ? 'absolute right-3' : ''}>{toggle}</div>}
        </div>
      )}
    </section>
  );
}
