import { MARKETING_COUNTERS } from '@makhana/domain/constants';
import { formatIndianNumber } from '@makhana/domain/money';
import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';

const DURATION_MS = 1600;

function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}

/** Counts from 0 to each target once the block scrolls into view; jumps straight there under reduced motion. */
function useCountUp(targets: readonly number[]) {
  const ref = useRef<HTMLUListElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (reducedMotion || typeof IntersectionObserver === 'undefined') {
      setProgress(1);
      return;
    }
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const step = (now: number) => {
          const t = Math.min(1, (now - start) / DURATION_MS);
          setProgress(easeOutCubic(t));
          if (t < 1) frame = requestAnimationFrame(step);
        };
        frame = requestAnimationFrame(step);
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [reducedMotion]);

  return { ref, values: targets.map((target) => Math.round(target * progress)) };
}

export function HomeCounters() {
  const { ref, values } = useCountUp(MARKETING_COUNTERS.map((counter) => counter.value));

  return (
    <section
      aria-labelledby="counters-title"
      className="below-fold [--fold-height:450px] lg:[--fold-height:320px] bg-saffron-100 py-12 sm:py-16"
    >
      <div className="container-page">
        <h2 id="counters-title" className="sr-only">
          Our journey so far
        </h2>
        <ul ref={ref} className="grid gap-8 text-center sm:grid-cols-3">
          {MARKETING_COUNTERS.map((counter, index) => (
            <li key={counter.label}>
              <p className="font-display text-5xl font-semibold tabular-nums text-forest-800 sm:text-6xl">
                <span aria-hidden="true">{formatIndianNumber(values[index] ?? 0)}+</span>
                <span className="sr-only">{formatIndianNumber(counter.value)}+</span>
              </p>
              <p className="mt-2 text-sm font-semibold uppercase tracking-[0.16em] text-forest-700">
                {counter.label}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
