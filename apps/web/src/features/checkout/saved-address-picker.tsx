import type { Address } from '@makhana/domain/account';
import { Link } from 'react-router';

interface SavedAddressPickerProps {
  addresses: Address[];
  /** null until the address list has loaded */
  loaded: boolean;
  selectedId: string | null;
  onPick: (address: Address) => void;
}

/** Radio cards of the customer's saved addresses; picking one fills the shipping form. */
export function SavedAddressPicker({
  addresses,
  loaded,
  selectedId,
  onPick,
}: SavedAddressPickerProps) {
  const manage = (
    <Link
      to="/dashboard"
      state={{ section: 'addresses' }}
      className="text-sm font-semibold text-forest-700 underline-offset-4 hover:underline"
    >
      Manage addresses
    </Link>
  );

  return (
    <section aria-labelledby="checkout-saved" className="card p-5 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="checkout-saved" className="font-display text-xl font-semibold text-forest-800">
          Saved addresses
        </h2>
        {manage}
      </div>
      {!loaded ? (
        <div className="mt-4 grid gap-3 sm:grid-cols-2" aria-busy="true">
          <p className="sr-only">Loading your addresses…</p>
          {[0, 1].map((row) => (
            <div key={row} className="h-28 animate-pulse rounded-2xl bg-cream-100" />
          ))}
        </div>
      ) : addresses.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          No saved addresses yet. Fill in the form below, or save an address in your account for
          next time.
        </p>
      ) : (
        <fieldset className="mt-4">
          <legend className="sr-only">Deliver to a saved address</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {addresses.map((address) => (
              <label
                key={address._id}
                data-testid="saved-address"
                className="relative flex cursor-pointer gap-3 rounded-2xl border border-cream-200 bg-white p-4 transition-colors hover:border-forest-500 has-[:checked]:border-forest-700 has-[:checked]:bg-forest-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-saffron-500"
              >
                <input
                  type="radio"
                  name="saved-address"
                  value={address._id}
                  checked={selectedId === address._id}
                  onChange={() => onPick(address)}
                  aria-label={`${address.name}, ${address.label}: ${address.city} ${address.pincode}`}
                  className="mt-1 h-4 w-4 shrink-0 accent-forest-700"
                />
                <span className="min-w-0">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-ink">{address.name}</span>
                    <span className="rounded-full bg-cream-100 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wider text-forest-700">
                      {address.label}
                    </span>
                  </span>
                  <span className="mt-1 block text-sm leading-relaxed text-muted">
                    {[address.street, address.locality, address.landmark]
                      .filter(Boolean)
                      .join(', ')}
                    <br />
                    {address.city}, {address.state} - {address.pincode}
                    <br />
                    Phone: {address.phoneNumber}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </section>
  );
}
