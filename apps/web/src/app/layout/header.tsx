import { DELAY_MS } from '@makhana/domain/constants';
import { SITE } from '@makhana/domain/site';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { logoutAdmin } from '../../api/logout-admin';
import { CartIcon, CloseIcon, LogoutIcon, MenuIcon, UserIcon } from '../../components/icons';
import { SectionLink } from '../../components/section-link';
import { toast } from '../../lib/toast';
import { selectCartSummary } from '../../stores/cart-selectors';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';

type NavVariant = 'bar' | 'menu';

const navClass: Record<NavVariant, string> = {
  bar: 'rounded-full px-3 py-2 text-sm font-medium text-ink/80 transition-colors hover:bg-forest-50 hover:text-forest-800',
  menu: 'block rounded-xl px-4 py-3 text-base font-medium text-ink hover:bg-forest-50',
};
const activeClass: Record<NavVariant, string> = {
  bar: 'bg-forest-50 text-forest-800',
  menu: 'bg-forest-50 text-forest-800',
};

const PAGE_LINKS = [
  { to: '/products', label: 'Products' },
  { to: '/about-us', label: 'About Us' },
  { to: '/contact-us', label: 'Contact Us' },
] as const;

function NavItems({ variant, onNavigate }: { variant: NavVariant; onNavigate?: () => void }) {
  const link = ({ isActive }: { isActive: boolean }) =>
    `${navClass[variant]} ${isActive ? activeClass[variant] : ''}`;
  const [products, ...rest] = PAGE_LINKS;
  return (
    <ul className={variant === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
      <li>
        <NavLink to="/" end className={link} onClick={onNavigate}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to={products.to} className={link} onClick={onNavigate}>
          {products.label}
        </NavLink>
      </li>
      <li>
        <SectionLink section="features" className={navClass[variant]} onNavigate={onNavigate}>
          Features
        </SectionLink>
      </li>
      {rest.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={link} onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The owner's sign-out: a toast, back to the top, and home 600 ms later. The owner's state is
 * cleared whatever the server answers.
 */
function useOwnerLogout(onDone?: () => void) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const logout = async () => {
    setBusy(true);
    try {
      const message = await dispatch(logoutAdmin()).unwrap();
      toast.success(message || 'Admin Logout successfully');
      window.scrollTo({ top: 0, behavior: 'smooth' });
      timer.current = setTimeout(() => navigate('/'), DELAY_MS.afterAdminLogout);
    } catch (reason) {
      // A refusal carries the server's message; anything else threw on the way.
      const message =
        typeof reason === 'string'
          ? reason || 'Server error'
          : (reason as { message?: string } | null)?.message || 'Logout failed';
      toast.error(message);
    } finally {
      setBusy(false);
      onDone?.();
    }
  };
  return { logout, busy };
}

/** Login for a visitor, Dashboard for a signed-in customer, Dashboard and Logout for the owner. */
function AccountAction({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { isUserAuthenticated, isAdminAuthenticated } = useAppSelector((state) => state.auth);
  const owner = useOwnerLogout(onNavigate);

  if (isAdminAuthenticated) {
    return (
      <>
        <Link
          to="/owner/admin/dashboard"
          className={`btn-primary ${className}`}
          onClick={onNavigate}
        >
          Dashboard
        </Link>
        <button
          type="button"
          className={`btn-outline ${className}`}
          onClick={owner.logout}
          disabled={owner.busy}
        >
          <LogoutIcon className="h-4 w-4" />
          Logout
        </button>
      </>
    );
  }
  if (isUserAuthenticated) {
    return (
      <Link to="/dashboard" className={`btn-primary ${className}`} onClick={onNavigate}>
        <UserIcon className="h-4 w-4" />
        Dashboard
      </Link>
    );
  }
  return (
    <Link to="/login" className={`btn-outline ${className}`} onClick={onNavigate}>
      Login
    </Link>
  );
}

function CartLink() {
  const itemCount = useAppSelector((state) => selectCartSummary(state).itemCount);
  const badgeId = useId();
  return (
    <Link
      to="/cart"
      aria-label="Cart"
      aria-describedby={itemCount > 0 ? badgeId : undefined}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-forest-800 transition-colors hover:bg-forest-50"
    >
      <CartIcon className="h-6 w-6" />
      {itemCount > 0 && (
        <span
          id={badgeId}
          data-testid="cart-badge"
          className="absolute right-0.5 top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-saffron-500 px-1.5 text-[11px] font-bold leading-5 text-forest-900 ring-2 ring-cream-50"
        >
          {itemCount > 99 ? '99+' : itemCount}
          <span className="sr-only"> {itemCount === 1 ? 'item' : 'items'} in cart</span>
        </span>
      )}
    </Link>
  );
}

/** The sticky top bar of every page (docs/product.md#common-frame). */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const closeMenu = () => setMenuOpen(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: any navigation closes the menu
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-50 border-b border-cream-200/80 bg-cream-50/95 backdrop-blur supports-[backdrop-filter]:bg-cream-50/85">
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link to="/" className="flex shrink-0 items-center rounded-md">
          <img
            src="/images/logo.svg"
            alt={SITE.brand}
            width={240}
            height={64}
            className="h-10 w-auto lg:h-12"
            decoding="async"
          />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <NavItems variant="bar" />
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <CartLink />
          <AccountAction className="hidden lg:inline-flex" />
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-forest-800 transition-colors hover:bg-forest-50 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
      </div>

      {/* Positioned over the page so opening and closing it never moves the content below. */}
      <div
        id={menuId}
        hidden={!menuOpen}
        className="absolute inset-x-0 top-full border-b border-cream-200 bg-cream-50 shadow-lg lg:hidden"
      >
        <nav aria-label="Mobile" className="container-page py-4">
          <NavItems variant="menu" onNavigate={closeMenu} />
          <div className="mt-4 flex flex-col gap-2 border-t border-cream-200 pt-4">
            <AccountAction className="w-full py-3 text-base" onNavigate={closeMenu} />
          </div>
        </nav>
      </div>
    </header>
  );
}
