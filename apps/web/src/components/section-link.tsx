import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { scrollToSection } from '../lib/scroll';

/** Sections of the home page that the frame links to; the home page reads the same state shape. */
export type HomeSection = 'features' | 'faq';

interface SectionLinkProps {
  section: HomeSection;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
}

const HOME_PATHS = new Set(['/', '/faq']);

/**
 * A real link to the home page carrying `{ scrollTo }`; on the home page itself it scrolls in
 * place instead of pushing another history entry.
 */
export function SectionLink({ section, className, children, onNavigate }: SectionLinkProps) {
  const { pathname } = useLocation();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onNavigate?.();
    if (HOME_PATHS.has(pathname) && scrollToSection(section)) event.preventDefault();
  }

  return (
    <Link to="/" state={{ scrollTo: section }} className={className} onClick={handleClick}>
      {children}
    </Link>
  );
}
