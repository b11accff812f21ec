import { SITE } from '@makhana/domain/site';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logoutUser } from '../../api/logout-user';
import {
  type IconComponent,
  LogoutIcon,
  MailIcon,
  OrdersIcon,
  PinIcon,
  UserIcon,
} from '../../components/icons';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { selectCustomer } from '../../stores/auth-slice';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { AddressesSection } from './addresses-section';
import { LoginPage } from './login-page';
import { notifyError, rejection } from './notify';
import { OrdersSection } from './orders-section';
import { ProfileSection } from './profile-section';
import { SupportRequestsSection } from './support-requests-section';

export type DashboardSection = 'profile' | 'addresses' | 'orders' | 'support';

const SECTIONS: {
  id: DashboardSection;
  label: string;
  icon: IconComponent;
  blurb: string;
}[] = [
  {
    id: 'profile',
    label: 'Profile Information',
    icon: UserIcon,
    blurb: 'Your name and how we reach you.',
  },
  {
    id: 'addresses',
    label: 'Manage Addresses',
    icon: PinIcon,
    blurb: 'Where your makhana is delivered.',
  },
  { id: 'orders', label: 'My Orders', icon: OrdersIcon, blurb: 'Track and review your orders.' },
  {
    id: 'support',
    label: 'My support requests',
    icon: MailIcon,
    blurb: 'Your messages and complaints, and our answers.',
  },
];

/** Navigation state `{ section }` opens a section; its id or its menu label both work. */
export function requestedSection(state: unknown): DashboardSection | null {
  if (typeof state !== 'object' || state === null || !('section' in state)) return null;
  const wanted = String((state as { section: unknown }).section).toLowerCase();
  const match = SECTIONS.find(
    (section) => section.id === wanted || section.label.toLowerCase() === wanted,
  );
  return match?.id ?? null;
}

/** The customer dashboard, or the login screen for a visitor (docs/product.md#dashboard). */
export function DashboardPage() {
  const customer = useAppSelector(selectCustomer);
  if (!customer) return <LoginPage />;
  return <Dashboard />;
}

function Dashboard() {
  usePageMeta({ title: `My account | ${SITE.brand}`, canonicalPath: '/dashboard' });
  const customer = useAppSelector(selectCustomer)!;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [section, setSection] = useState<DashboardSection>(
    () => requestedSection(location.state) ?? 'profile',
  );
  const [leaving, setLeaving] = useState(false);
  const panel = useRef<HTMLElement>(null);

  // A later navigation to /dashboard with a section asks for that section.
  useEffect(() => {
    const wanted = requestedSection(location.state);
    if (wanted) setSection(wanted);
  }, [location.state]);

  const open = (id: DashboardSection) => {
    setSection(id);
    panel.current?.focus({ preventScroll: true });
  };

  const logout = async () => {
    setLeaving(true);
    try {
      await dispatch(logoutUser()).unwrap();
      toast.success('Logout successfully');
    } catch (reason) {
      // The session is cleared either way; the failure is still reported.
      notifyError(rejection(reason));
    }
    navigate('/', { replace: true });
  };

  const current = SECTIONS.find((entry) => entry.id === section)!;
  const initials = `${customer.firstName?.[0] ?? ''}${customer.lastName?.[0] ?? ''}`.toUpperCase();

  return (
    <div className="container-page py-8 sm:py-12">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="grid h-14 w-14 shrink-0 place-items-center rounded-full bg-forest-700 font-display text-xl font-semibold text-cream-50"
        >
          {initials || '•'}
        </span>
        <div className="min-w-0">
          <p className="eyebrow">My account</p>
          <h1 className="mt-1 truncate font-display text-2xl font-semibold text-forest-800 sm:text-3xl">
            Hello, {customer.firstName}
          </h1>
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:mt-10 lg:grid-cols-[270px_1fr] lg:items-start lg:gap-8">
        <nav aria-label="Account" className="lg:sticky lg:top-28">
          {/* Tiles on a phone, so every section (and sign-out) is in view without scrolling. */}
          <ul className="grid grid-cols-2 gap-2 lg:card lg:flex lg:flex-col lg:gap-1 lg:p-3">
            {SECTIONS.map(({ id, label, icon: Icon }) => (
              <li key={id}>
                <button
                  type="button"
                  aria-current={section === id ? 'page' : undefined}
                  onClick={() => open(id)}
                  className="flex min-h-11 w-full items-center gap-2 rounded-xl border border-cream-200 bg-white px-3 py-2 text-left text-sm font-medium leading-tight text-ink transition-colors hover:bg-forest-50 aria-[current=page]:border-forest-700 aria-[current=page]:bg-forest-700 aria-[current=page]:text-cream-50 lg:h-12 lg:rounded-xl lg:border-transparent lg:aria-[current=page]:border-transparent lg:aria-[current=page]:bg-forest-50 lg:aria-[current=page]:text-forest-800"
                >
                  <Icon className="h-5 w-5 shrink-0" />
                  {label}
                </button>
              </li>
            ))}
            <li className="lg:mt-2 lg:border-t lg:border-cream-200 lg:pt-2">
              <button
                type="button"
                onClick={logout}
                disabled={leaving}
                className="flex min-h-11 w-full items-center gap-2 rounded-xl border border-cream-200 bg-white px-3 py-2 text-left text-sm font-medium leading-tight text-maroon-700 transition-colors hover:bg-maroon-600/5 disabled:opacity-60 lg:h-12 lg:rounded-xl lg:border-transparent"
              >
                <LogoutIcon className="h-5 w-5 shrink-0" />
                User Logout
              </button>
            </li>
          </ul>
        </nav>

        <section
          ref={panel}
          tabIndex={-1}
          aria-labelledby="dashboard-section-title"
          className="card p-5 focus:outline-none sm:p-8"
        >
          <header className="mb-6 border-b border-cream-200 pb-5">
            <h2
              id="dashboard-section-title"
              className="font-display text-2xl font-semibold text-forest-800"
            >
              {current.label}
            </h2>
            <p className="mt-1 text-sm text-muted">{current.blurb}</p>
          </header>
          {section === 'profile' && <ProfileSection user={customer} />}
          {section === 'addresses' && <AddressesSection />}
          {section === 'orders' && <OrdersSection />}
          {section === 'support' && <SupportRequestsSection />}
        </section>
      </div>
    </div>
  );
}
