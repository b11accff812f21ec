import { POLICY } from '@makhana/domain/constants';
import { ShopContactList } from '../../components/shop-contact-list';

/** The shop's own contact details beside the support forms. */
export function ContactDetails() {
  return (
    <aside aria-labelledby="contact-details-title" className="card h-fit bg-cream-100 p-6 sm:p-8">
      <h2 id="contact-details-title" className="font-display text-xl font-semibold text-forest-800">
        Get in touch
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        We reply within {POLICY.supportReplyHours} hours, {POLICY.businessHours}.
      </p>
      <ShopContactList className="space-y-2" />
    </aside>
  );
}
