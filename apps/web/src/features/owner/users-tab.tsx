import type { User } from '@makhana/domain/account';
import { useAppSelector } from '../../stores/hooks';
import { cellClass, OwnerCard, OwnerCards, type OwnerColumn, OwnerTable } from './owner-table';

function fullName(user: User): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || '—';
}

/** Every customer: name, e-mail, phone and how many orders they placed. */
const USER_COLUMNS: OwnerColumn[] = [
  { label: 'Name' },
  { label: 'E-mail' },
  { label: 'Phone' },
  { label: 'Orders', alignEnd: true },
];

export function UsersTab() {
  const users = useAppSelector((state) => state.auth.userDetails);
  return (
    <>
      <OwnerCards label="Customers">
        {users.length === 0 && (
          <li className="card p-6 text-center text-muted">No customers yet.</li>
        )}
        {users.map((user) => (
          <OwnerCard key={user._id} testId="user-card">
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold text-ink">{fullName(user)}</p>
              <p className="shrink-0 text-sm text-muted">
                {user.orders} {user.orders === 1 ? 'order' : 'orders'}
              </p>
            </div>
            <p className="mt-1 break-all text-sm text-ink">{user.email}</p>
            <p className="mt-0.5 text-sm text-muted">{user.phoneNumber || '—'}</p>
          </OwnerCard>
        ))}
      </OwnerCards>
      <OwnerTable
        label="Customers"
        columns={USER_COLUMNS}
        empty={users.length === 0 ? 'No customers yet.' : null}
      >
        {users.map((user) => (
          <tr key={user._id} data-testid="user-row">
            <th scope="row" className={`${cellClass} font-semibold text-ink`}>
              {fullName(user)}
            </th>
            <td className={`${cellClass} break-all`}>{user.email}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{user.phoneNumber || '—'}</td>
            <td className={`${cellClass} text-right tabular-nums`}>{user.orders}</td>
          </tr>
        ))}
      </OwnerTable>
    </>
  );
}
