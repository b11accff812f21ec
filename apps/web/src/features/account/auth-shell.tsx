import { FREE_SHIPPING_ABOVE_RUPEES } from '@makhana/domain/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon, CloseIcon } from '../../components/icons';

const PROMISES = [
  '100% organic makhana, hand-picked in Mithila',
  `Free shipping on orders above ₹${FREE_SHIPPING_ABOVE_RUPEES}`,
  'Secure prepaid checkout with UPI and cards',
];

interface AuthShellProps {
  eyebrow: string;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}

/** The sign-in and sign-up card: a brand panel beside the form on wide screens. */
export function AuthShell({ eyebrow, title, subtitle, children }: AuthShellProps) {
  return (
    <div className="bg-[radial-gradient(circle_at_top,#fbf6ea,transparent_70%)]">
      <div className="container-page py-8 sm:py-14">
        <div className="card relative mx-auto grid max-w-md overflow-hidden lg:max-w-5xl lg:grid-cols-[1fr_1.1fr]">
          <aside className="relative hidden overflow-hidden bg-forest-800 p-10 text-cream-50 lg:flex lg:flex-col lg:justify-between">
            <div
              aria-hidden="true"
              className="absolute inset-0 opacity-25 [background:radial-gradient(circle_at_15%_20%,#f0a43a_0,transparent_40%),radial-gradient(circle_at_85%_85%,#fbf6ea_0,transparent_35%)]"
            />
            <div className="relative">
              <img
                src="/images/logo-mark.svg"
                alt=""
                width={56}
                height={56}
                className="h-14 w-14"
              />
              <p className="mt-8 font-display text-3xl font-semibold leading-tight">
                Fresh from the ponds of Mithila, roasted for you.
              </p>
            </div>
            <ul className="relative mt-10 space-y-3 text-sm text-cream-100">
              {PROMISES.map((promise) => (
                <li key={promise} className="flex items-start gap-3">
                  <span className="mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full bg-saffron-500 text-forest-900">
                    <CheckIcon className="h-3.5 w-3.5" strokeWidth={2.6} />
                  </span>
                  {promise}
                </li>
              ))}
            </ul>
          </aside>

          <div className="relative px-5 py-8 sm:px-10 sm:py-12">
            <Link
              to="/"
              aria-label="Close"
              className="absolute right-3 top-3 grid h-11 w-11 place-items-center rounded-full text-muted transition-colors hover:bg-cream-100 hover:text-ink"
            >
              <CloseIcon />
            </Link>
            <p className="eyebrow">{eyebrow}</p>
            <h1 className="mt-2 pr-10 font-display text-3xl font-semibold text-forest-800">
              {title}
            </h1>
            <div className="mt-2 text-sm text-muted">{subtitle}</div>
            <div className="mt-8">{children}</div>
          </div>
        </div>
      </div>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-widest text-muted">
      <span className="h-px flex-1 bg-cream-200" />
      or
      <span className="h-px flex-1 bg-cream-200" />
    </div>
  );
}
