import { POLICY, PRICES_INCLUDE_TAXES } from '@makhana/domain/constants';
import type { ShopIdentity } from '@makhana/domain/contracts/shop';
import { SITE } from '@makhana/domain/site';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  FacebookIcon,
  type IconComponent,
  InstagramIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  WarningIcon,
  YouTubeIcon,
} from '../../components/icons';
import { SectionLink } from '../../components/section-link';
import { PAYMENT_METHODS } from '../../lib/artwork';
import { useShopIdentity } from '../../lib/use-shop-identity';

const QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/about-us', label: 'About Us' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/cart', label: 'Cart' },
] as const;

const POLICY_LINKS = [
  { to: '/policy', label: 'Privacy Policy' },
  { to: '/term-conditions', label: 'Terms & Conditions' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/shippingInfo', label: 'Shipping Info' },
  { to: '/return-cancellation', label: 'Returns & Cancellation' },
] as const;

const SOCIAL_ICONS: Record<string, IconComponent> = {
  Instagram: InstagramIcon,
  Facebook: FacebookIcon,
  YouTube: YouTubeIcon,
};

const linkClass =
  'rounded text-sm text-cream-200 transition-colors hover:text-saffron-400 hover:underline underline-offset-4';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.18em] text-saffron-400">
        {title}
      </h2>
      <ul className="mt-4 space-y-2.5">{children}</ul>
    </div>
  );
}

function LinkColumn({
  label,
  title,
  links,
}: {
  label: string;
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav aria-label={label} className="lg:col-span-2">
      <FooterColumn title={title}>
        {links.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={linkClass}>
              {item.label}
            </Link>
          </li>
        ))}
      </FooterColumn>
    </nav>
  );
}

/**
 * Who sells, as the law asks every page of an online shop to say: the legal name, the registered
 * address, the GSTIN and the FSSAI licence, and where to take a grievance.
 */
function Seller({ identity }: { identity: ShopIdentity }) {
  const { address } = identity;
  return (
    <p
      className="text-center text-xs leading-relaxed text-cream-200 sm:text-left"
      data-testid="seller"
    >
      Sold by <span className="font-semibold text-cream-100">{identity.legalName}</span>,{' '}
      {address.street}, {address.city}, {address.state} {address.pincode}.{' '}
      <span className="whitespace-nowrap">GSTIN {identity.gstin}</span>{' '}
      <span aria-hidden="true">·</span>{' '}
      <span className="whitespace-nowrap">FSSAI Lic. No. {identity.fssaiLicence}</span>{' '}
      <span aria-hidden="true">·</span>{' '}
      <Link
        to="/grievance"
        className="rounded text-cream-100 underline underline-offset-4 hover:text-saffron-400"
      >
        Grievance officer
      </Link>
    </p>
  );
}

/** The footer of every page (docs/product.md#common-frame). */
export function Footer() {
  const year = new Date().getFullYear();
  const { address } = SITE;
  const identity = useShopIdentity();

  return (
    <footer className="bg-forest-900 text-cream-100">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-12 lg:gap-8 lg:py-16">
        <div className="col-span-2 lg:col-span-3">
          <Link to="/" className="inline-flex rounded-md bg-cream-50 px-3 py-2">
            <img
              src="/images/logo.svg"
              alt={SITE.brand}
              width={240}
              height={64}
              loading="lazy"
              decoding="async"
              className="h-10 w-auto"
            />
          </Link>
          <p className="mt-5 max-w-sm text-sm leading-relaxed text-cream-200">
            Premium, 100% organic makhana hand-harvested from the ponds of Mithila, Bihar, and
            slow-roasted in small batches. A wholesome, protein-rich snack for every Indian home.
          </p>
          <address className="mt-5 flex max-w-sm gap-2 text-sm not-italic leading-relaxed text-cream-200">
            <PinIcon className="mt-0.5 h-4 w-4 shrink-0 text-saffron-400" />
            <span>
              {address.line1}, {address.line2},<br />
              {address.city}, {address.state} {address.pincode}, {address.country}
            </span>
          </address>
        </div>

        <LinkColumn label="Quick links" title="Quick Links" links={QUICK_LINKS} />

        <LinkColumn label="Policies" title="Policies" links={POLICY_LINKS} />

        <nav aria-label="Customer service" className="lg:col-span-2">
          <FooterColumn title="Customer Service">
            <li>
              <SectionLink section="faq" className={linkClass}>
                FAQ
              </SectionLink>
            </li>
            <li>
              <Link to="/raise-complaint" className={linkClass}>
                Raise a Complaint
              </Link>
            </li>
            <li>
              <Link to="/contact-us" className={linkClass}>
                Contact Us
              </Link>
            </li>
            <li>
              <Link to="/dashboard" className={linkClass}>
                Track orders
              </Link>
            </li>
          </FooterColumn>
        </nav>

        <div className="col-span-2 lg:col-span-3">
          <FooterColumn title="Connect With Us">
            <li>
              <a href={`mailto:${SITE.supportEmail}`} className={`${linkClass} inline-flex gap-2`}>
                <MailIcon className="mt-0.5 h-4 w-4 shrink-0 text-saffron-400" />
                {SITE.supportEmail}
              </a>
            </li>
            <li>
              <a href={SITE.phoneHref} className={`${linkClass} inline-flex gap-2`}>
                <PhoneIcon className="mt-0.5 h-4 w-4 shrink-0 text-saffron-400" />
                {SITE.phone}
              </a>
            </li>
            <li>
              <Link to="/raise-complaint" className={`${linkClass} inline-flex gap-2`}>
                <WarningIcon className="mt-0.5 h-4 w-4 shrink-0 text-saffron-400" />
                Report an issue
              </Link>
            </li>
          </FooterColumn>
          <ul className="mt-5 flex gap-3">
            {SITE.social.map((network) => {
              const SocialIcon = SOCIAL_ICONS[network.name];
              return (
                <li key={network.name}>
                  <a
                    href={network.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${SITE.brand} on ${network.name} (opens in a new tab)`}
                    className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-forest-700 text-cream-50 transition-colors hover:bg-saffron-500 hover:text-forest-900"
                  >
                    {SocialIcon ? <SocialIcon /> : network.name.slice(0, 1)}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>

      <div className="border-t border-forest-700">
        {identity && (
          <div className="container-page border-b border-forest-700 py-4">
            <Seller identity={identity} />
          </div>
        )}
        <div className="container-page flex flex-col items-center gap-4 py-6 sm:flex-row sm:justify-between">
          <p className="text-center text-xs text-cream-200 sm:text-left">
            © {year} {SITE.brand} All rights reserved. {PRICES_INCLUDE_TAXES} Shipping{' '}
            {POLICY.shippingArea}.
          </p>
          <img
            {...PAYMENT_METHODS}
            sizes="288px"
            alt="Accepted payment methods: UPI, RuPay, Visa, Mastercard, net banking and wallets"
            width={360}
            height={40}
            loading="lazy"
            decoding="async"
            className="h-8 w-auto"
          />
        </div>
      </div>
    </footer>
  );
}
