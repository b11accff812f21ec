import type { Address } from '@makhana/domain/account';
import { useEffect, useRef, useState } from 'react';
import { deleteAddress } from '../../api/delete-address';
import { loadAddresses } from '../../api/load-addresses';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PlusIcon } from '../../components/icons';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import { AddressForm } from './address-form';
import { notifyError, rejection } from './notify';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; address: Address };

export function AddressesSection() {
  const dispatch = useAppDispatch();
  const entries = useAppSelector((state) => state.auth.address);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState('');
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLDivElement>(null);

  const reload = async () => {
    try {
      await dispatch(loadAddresses()).unwrap();
      setStatus('ready');
    } catch (reason) {
      setLoadError(rejection(reason));
      setStatus('error');
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when the section opens
  useEffect(() => {
    reload();
  }, []);

  const backToList = () => {
    setMode({ kind: 'list' });
    reload();
    heading.current?.focus();
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await dispatch(deleteAddress(toDelete._id)).unwrap();
      toast.success('Address deleted successfully');
      setToDelete(null);
      reload();
    } catch (reason) {
      notifyError(rejection(reason));
    } finally {
      setBusy(false);
    }
  };

  if (mode.kind !== 'list') {
    return (
      <div>
        <h3 className="mb-5 font-display text-xl font-semibold text-forest-800">
          {mode.kind === 'add' ? 'Add a new address' : 'Edit address'}
        </h3>
        <AddressForm address={mode.kind === 'edit' ? mode.address : null} onDone={backToList} />
      </div>
    );
  }

  const addresses = entries.filter((entry): entry is Address => entry !== null);
  return (
    <div ref={heading} tabIndex={-1} className="focus:outline-none">
      <button
        type="button"
        className="flex w-full items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-forest-100 px-4 py-4 text-sm font-semibold text-forest-700 transition-colors hover:border-forest-500 hover:bg-forest-50"
        onClick={() => setMode({ kind: 'add' })}
      >
        <PlusIcon /> Add new address
      </button>

      {status === 'loading' && addresses.length === 0 && (
        <div className="mt-4 grid gap-4 md:grid-cols-2" aria-busy="true">
          <p className="sr-only">Loading your addresses…</p>
          {[0, 1].map((row) => (
            <div key={row} className="h-40 animate-pulse rounded-2xl bg-cream-100" />
          ))}
        </div>
      )}
      {status === 'error' && (
        <p role="alert" className="mt-4 text-sm font-medium text-maroon-700">
          {loadError}
        </p>
      )}
      {status === 'ready' && addresses.length === 0 && (
        <p className="mt-6 text-center text-sm text-muted">
          No saved addresses yet. Add one to check out faster.
        </p>
      )}

      {addresses.length > 0 && (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address._id}
              className="flex flex-col rounded-2xl border border-cream-200 p-4 sm:p-5"
              data-testid="address-card"
            >
              <AddressCard address={address} />
              <div className="mt-4 flex gap-2 border-t border-cream-200 pt-4">
                <button
                  type="button"
                  className="btn-outline px-4 py-2"
                  onClick={() => setMode({ kind: 'edit', address })}
                  aria-label={`Edit address of ${address.name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn px-4 py-2 text-maroon-700 hover:bg-maroon-600/10"
                  onClick={() => setToDelete(address)}
                  aria-label={`Delete address of ${address.name}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {toDelete && (
        <ConfirmDialog
          title="Delete this address?"
          description={`${toDelete.name}, ${toDelete.street}, ${toDelete.city}. This cannot be undone.`}
          cancelLabel="Keep it"
          confirmLabel="Delete address"
          busyLabel="Deleting…"
          busy={busy}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </div>
  );
}

export function AddressCard({ address }: { address: Address }) {
  const place = [address.city, address.state].filter(Boolean).join(', ');
  return (
    <div className="flex-1">
      <div className="flex items-center justify-between gap-3">
        <span className="inline-flex items-center rounded-full bg-forest-50 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-forest-700">
          {address.label}
        </span>
      </div>
      <p className="mt-3 font-semibold text-ink">{address.name}</p>
      <address className="mt-1 text-sm not-italic leading-relaxed text-muted">
        {[address.street, address.locality].filter(Boolean).join(', ')}
        {address.landmark && (
          <>
            <br />
            Near {address.landmark}
          </>
        )}
        <br />
        {place} - {address.pincode}
        <br />
        {address.country}
      </address>
      <p className="mt-2 text-sm text-ink">
        Phone: {address.phoneNumber}
        {address.alternateNumber ? `, ${address.alternateNumber}` : ''}
      </p>
      {address.email && <p className="text-sm text-muted">{address.email}</p>}
    </div>
  );
}
