import { useAppSelector } from '../../stores/hooks';

/** The full-screen spinner shown while any loader holder (start-up loads, page actions) is busy. */
export function LoaderOverlay() {
  const visible = useAppSelector((state) => state.loader.holders > 0);
  if (!visible) return null;

  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[90] flex items-center justify-center bg-cream-50/85 backdrop-blur-sm"
    >
      <div className="relative flex h-24 w-24 items-center justify-center">
        <span
          aria-hidden="true"
          className="absolute inset-0 rounded-full border-4 border-forest-100 border-t-saffron-500 motion-safe:animate-spin"
        />
        <img
          src="/images/logo-mark.svg"
          alt=""
          width={56}
          height={56}
          className="h-14 w-14 motion-safe:animate-pulse"
        />
      </div>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
