import { zodResolver } from '@hookform/resolvers/zod';
import { type PickupRequest, pickupSchema } from '@makhana/domain/pickup';
import { indiaToday, PICKUP_DAYS_AHEAD, PICKUP_PACKAGES_MAX } from '@makhana/domain/shipping';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog } from '../../components/dialog';
import { FormAlert, TextField } from '../../components/form-field';
import { toApiCallError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useRequestPickupMutation } from './api/orders';

type PickupValues = z.input<typeof pickupSchema>;

const DAY_MS = 86_400_000;

/**
 * "Request pickup": the day the courier collects at the shop (today in India, up to a week ahead)
 * and how many parcels, starting at `booked`, the selected orders booked with it.
 */
export function PickupDialog({
  courierName,
  booked,
  onClose,
}: {
  courierName: string;
  booked: number;
  onClose: () => void;
}) {
  const [requestPickup] = useRequestPickupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const today = indiaToday();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PickupValues, unknown, PickupRequest>({
    resolver: zodResolver(pickupSchema),
    defaultValues: { date: today, packages: booked },
  });

  const submit = handleSubmit(async (pickup) => {
    setFailure(null);
    try {
      const { message } = await requestPickup(pickup).unwrap();
      toast.success(message);
      onClose();
    } catch (error) {
      const refusal = toApiCallError(error);
      const fields = refusal.fieldErrors.filter(({ field }) => field in pickupSchema.shape);
      for (const { field, message } of fields) {
        setError(field as FieldPath<PickupValues>, { type: 'server', message });
      }
      if (fields.length === 0) setFailure(refusal.message || 'Server error');
    }
  });

  return (
    <Dialog
      title="Request a pickup"
      description={`${courierName} collects the parcels at the shop on the day you choose.`}
      onClose={onClose}
      size="sm"
    >
      <form onSubmit={submit} noValidate aria-label="Request a pickup" className="space-y-4">
        <TextField
          label="Pickup date"
          type="date"
          min={today}
          max={indiaToday(Date.now() + PICKUP_DAYS_AHEAD * DAY_MS)}
          hint={`Today up to ${PICKUP_DAYS_AHEAD} days ahead, India's date.`}
          registration={register('date')}
          error={errors.date?.message}
          data-autofocus
        />
        <TextField
          label="Packages"
          type="number"
          inputMode="numeric"
          min={1}
          max={PICKUP_PACKAGES_MAX}
          hint={`${booked} of the selected orders ${booked === 1 ? 'is' : 'are'} booked with the courier.`}
          registration={register('packages')}
          error={errors.packages?.message}
        />
        <FormAlert message={failure} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Requesting…' : 'Request pickup'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
