import { SCROLL } from '@makhana/domain/constants';

function easeInOutQuad(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/**
 * Scrolls to where `target()` says, measured again on every frame: the sections passed on the
 * way are drawn only as they near the screen (`below-fold`), and each then shrinks from its
 * placeholder height to its real one, moving everything below it up.
 */
function animateScrollTo(target: () => number, durationMs: number): void {
  const startY = window.scrollY;
  if (
    durationMs <= 0 ||
    Math.abs(target() - startY) < 1 ||
    matchMedia('(prefers-reduced-motion: reduce)').matches
  ) {
    window.scrollTo(0, target());
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - start) / durationMs);
    window.scrollTo(0, startY + (target() - startY) * easeInOutQuad(progress));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Smooth scroll to a section: 500 ms, stopping 70 px above it for the sticky header. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  animateScrollTo(
    () => Math.max(0, element.getBoundingClientRect().top + window.scrollY + SCROLL.offsetPx),
    SCROLL.durationMs,
  );
  return true;
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
