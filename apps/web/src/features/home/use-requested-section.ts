import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { scrollToSection } from '../../lib/scroll';
import { useAppSelector } from '../../stores/hooks';

const SECTIONS = ['features', 'faq'] as const;
type Section = (typeof SECTIONS)[number];

function requestedSection(pathname: string, state: unknown): Section | null {
  if (typeof state === 'object' && state !== null && 'scrollTo' in state) {
    const target = (state as { scrollTo: unknown }).scrollTo;
    if (SECTIONS.some((section) => section === target)) return target as Section;
  }
  return pathname === '/faq' ? 'faq' : null;
}

/**
 * Scrolls to the section asked for by `/faq` or by navigation state `{ scrollTo }`, once per
 * navigation, after the start-up loads settle so the products grid no longer pushes it down.
 */
export function useRequestedSection(): void {
  const { pathname, state, key } = useLocation();
  const settled = useAppSelector((s) => s.loader.holders === 0);
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    if (!settled || handledKey.current === key) return;
    const section = requestedSection(pathname, state);
    if (!section) return;
    const frame = requestAnimationFrame(() => {
      handledKey.current = key;
      scrollToSection(section);
    });
    return () => cancelAnimationFrame(frame);
  }, [settled, key, pathname, state]);
}
