import { POLICY } from '@makhana/domain/constants';
import { SITE } from '@makhana/domain/site';
import { Link } from 'react-router';
import { GrievanceOfficer } from '../../components/grievance-officer';
import { useShopIdentity } from '../../lib/use-shop-identity';
import { ContentPage } from './content-prose';

/**
 * /grievance: who hears a complaint and how it is handled (Consumer Protection (E-Commerce) Rules
 * 2020, rule 4), with who sells as the owner set it out.
 */
export function GrievancePage() {
  const identity = useShopIdentity();
  return (
    <ContentPage
      title="Grievance Redressal"
      subtitle="Who hears your complaint, and how quickly."
      description={`How ${SITE.brand} handles complaints: the grievance officer, and a reply within ${POLICY.grievanceAcknowledgeHours} hours.`}
      canonicalPath="/grievance"
    >
      <h2>Grievance officer</h2>
      {identity ? (
        <GrievanceOfficer identity={identity} withPromise={false} />
      ) : (
        <p>
          Write to <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
        </p>
      )}

      <h2>How a complaint is handled</h2>
      <ol>
        <li>
          <Link to="/raise-complaint">Raise a complaint</Link>, or write to the grievance officer,
          with your order number and what went wrong.
        </li>
        <li>
          It gets a ticket number at once, by e-mail, with a link to follow it and to answer us
          (signed in, it is also under My support requests). A person answers it within{' '}
          {POLICY.grievanceAcknowledgeHours} hours.
        </li>
        <li>
          We resolve it within {POLICY.grievanceResolveWithin} of receiving it: a replacement, a
          refund or an answer, as our <Link to="/refund-policy">refund policy</Link> and{' '}
          <Link to="/return-cancellation">returns policy</Link> set out.
        </li>
        <li>
          If you are not satisfied with the answer, you may take the complaint to the National
          Consumer Helpline (1915, consumerhelpline.gov.in) or a consumer commission.
        </li>
      </ol>

      {identity && (
        <>
          <h2>Who sells</h2>
          <p>
            {identity.legalName} ({identity.tradeName}), {identity.address.street},{' '}
            {identity.address.city}, {identity.address.state} {identity.address.pincode}. GSTIN{' '}
            {identity.gstin}. FSSAI licence number {identity.fssaiLicence}.
          </p>
          <p>
            Consumer care: {identity.consumerCare.name}, {identity.consumerCare.address};{' '}
            <a href={`mailto:${identity.consumerCare.email}`}>{identity.consumerCare.email}</a>,{' '}
            {identity.consumerCare.phone}.
          </p>
        </>
      )}
    </ContentPage>
  );
}
