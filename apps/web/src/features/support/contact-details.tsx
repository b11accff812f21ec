import { POLICY } from '@makhana/domain/constants';
import { Link } from 'react-router';
import { GrievanceOfficer } from '../../components/grievance-officer';
import { ShopContactList } from '../../components/shop-contact-list';
import { useShopIdentity } from '../../lib/use-shop-identity';

/** The shop's own contact details beside the support forms, and its grievance officer. */
export function ContactDetails() {
  const identity = useShopIdentity();
  return (
    <aside aria-labelledby="contact-details-title" className="card h-fit bg-cream-100 p-6 sm:p-8">
      <h2 id="contact-details-title" className="font-display text-xl font-semibold text-forest-800">
        Get in touch
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        We reply within {POLICY.supportReplyHours} hours, {POLICY.businessHours}.
      </p>
      <ShopContactList className="space-y-2" />
      {identity && (
        <section aria-labelledby="grievance-title" className="mt-6 border-t border-cream-200 pt-6">
          <h3 id="grievance-title" className="font-display text-lg font-semibold text-forest-800">
            Grievance officer
          </h3>
          <div className="mt-2 text-sm">
            <GrievanceOfficer identity={identity} />
          </div>
          <Link
            to="/grievance"
            className="mt-3 inline-block text-sm font-semibold text-forest-700 underline"
          >
            How we handle complaints
          </Link>
        </section>
      )}
    </aside>
  );
}
