import { POLICY } from '@makhana/domain/constants';
import type { ShopIdentity } from '@makhana/domain/contracts/shop';
import { telHref } from '../lib/phone';

const linkClass = 'font-semibold text-forest-700 underline';

/**
 * The grievance officer the owner named, in the size of the text around it, with the promise the
 * law makes of a complaint unless the page sets it out itself (`withPromise`).
 */
export function GrievanceOfficer({
  identity,
  withPromise = true,
}: {
  identity: ShopIdentity;
  withPromise?: boolean;
}) {
  const officer = identity.grievanceOfficer;
  return (
    <div data-testid="grievance-officer">
      <p>
        <span className="font-semibold text-ink">{officer.name}</span>, {officer.designation}
      </p>
      <ul className="mt-2 space-y-1">
        <li>
          E-mail:{' '}
          <a className={linkClass} href={`mailto:${officer.email}`}>
            {officer.email}
          </a>
        </li>
        <li>
          Phone:{' '}
          <a className={linkClass} href={telHref(officer.phone)}>
            {officer.phone}
          </a>
        </li>
      </ul>
      {withPromise && (
        <p className="mt-2 text-muted">
          Every complaint is acknowledged within {POLICY.grievanceAcknowledgeHours} hours and
          resolved within {POLICY.grievanceResolveWithin}.
        </p>
      )}
    </div>
  );
}
