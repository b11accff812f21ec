import { SCROLL } from '@makhana/domain/constants';

function easeInOutQuad(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

function animateScrollTo(targetY: number, durationMs: number): void {
  const startY = window.scrollY;
  const distance = targetY - startY;
  if (
    durationMs <= 0 ||
    Math.abs(distance) < 1 ||
    matchMedia('(prefers-reduced-motion: reduce)').matches
  ) {
    window.scrollTo(0, targetY);
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - start) / durationMs);
    window.scrollTo(0, startY + distance * easeInOutQuad(progress));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Smooth scroll to a section: 500 ms, stopping 70 px above it for the sticky header. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const targetY = element.getBoundingClientRect().top + window.scrollY + SCROLL.offsetPx;
  animateScrollTo(Math.max(0, targetY), SCROLL.durationMs);
  return true;
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
