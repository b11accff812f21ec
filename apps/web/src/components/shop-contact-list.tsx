import { formatAddress, SITE } from '@makhana/domain/site';

/** The shop's e-mail, phone and postal address, as every help box lists them. */
export function ShopContactList({ className = '' }: { className?: string }) {
  return (
    <ul className={`mt-4 text-sm ${className}`}>
      <li>
        E-mail:{' '}
        <a className="font-semibold text-forest-700 underline" href={`mailto:${SITE.supportEmail}`}>
          {SITE.supportEmail}
        </a>
      </li>
      <li>
        Phone:{' '}
        <a className="font-semibold text-forest-700 underline" href={SITE.phoneHref}>
          {SITE.phone}
        </a>
      </li>
      <li>
        Address: <span className="text-muted">{formatAddress()}</span>
      </li>
    </ul>
  );
}
