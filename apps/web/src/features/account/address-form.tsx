import { zodResolver } from '@hookform/resolvers/zod';
import type { Address } from '@makhana/domain/account';
import { COUNTRY } from '@makhana/domain/constants';
import { addressSchema } from '@makhana/domain/validation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type AddressFields, addAddress } from '../../api/add-address';
import { editAddress } from '../../api/edit-address';
import {
  FormAlert,
  PhoneField,
  PincodeField,
  RadioGroupField,
  StateField,
  TextField,
} from '../../components/form-field';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../stores/hooks';
import { notifyError, rejection } from './notify';

const LABELS = ['Home', 'Work'] as const;

function startValues(address: Address | null) {
  return {
    name: address?.name ?? '',
    phoneNumber: address?.phoneNumber ?? '',
    alternateNumber: address?.alternateNumber ?? '',
    email: address?.email ?? '',
    street: address?.street ?? '',
    locality: address?.locality ?? '',
    landmark: address?.landmark ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    pincode: address?.pincode ?? '',
    country: address?.country ?? COUNTRY,
    // No default: choosing Home or Work is part of the form ('Address type is required').
    label: address?.label as AddressFields['label'],
  };
}

interface AddressFormProps {
  /** null adds a new address */
  address: Address | null;
  onDone: () => void;
}

export function AddressForm({ address, onDone }: AddressFormProps) {
  const dispatch = useAppDispatch();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(addressSchema), defaultValues: startValues(address) });
  const chosenState = useWatch({ control, name: 'state' }) ?? '';

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const fields: AddressFields = {
      ...values,
      alternateNumber: values.alternateNumber ?? '',
      email: values.email ?? '',
      landmark: values.landmark ?? '',
      locality: values.locality ?? '',
    };
    try {
      if (address) {
        await dispatch(editAddress({ id: address._id, fields })).unwrap();
        toast.success('Address Update successfully');
      } else {
        await dispatch(addAddress(fields)).unwrap();
        toast.success('Address Added successfully');
      }
      onDone();
    } catch (reason) {
      const message = rejection(reason);
      setServerError(message);
      notifyError(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Address form">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Full name"
          autoComplete="name"
          registration={register('name')}
          error={errors.name?.message}
        />
        <PhoneField
          label="Mobile number"
          autoComplete="tel-national"
          registration={register('phoneNumber')}
          error={errors.phoneNumber?.message}
        />
        <PhoneField
          label="Alternate number (optional)"
          registration={register('alternateNumber')}
          error={errors.alternateNumber?.message}
        />
        <TextField
          label="Email (optional)"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="House no., building, street"
          autoComplete="address-line1"
          containerClassName="sm:col-span-2"
          registration={register('street')}
          error={errors.street?.message}
        />
        <TextField
          label="Locality (optional)"
          autoComplete="address-line2"
          registration={register('locality')}
          error={errors.locality?.message}
        />
        <TextField
          label="Landmark (optional)"
          registration={register('landmark')}
          error={errors.landmark?.message}
        />
        <TextField
          label="City"
          autoComplete="address-level2"
          registration={register('city')}
          error={errors.city?.message}
        />
        <StateField
          value={chosenState}
          registration={register('state')}
          error={errors.state?.message}
        />
        <PincodeField registration={register('pincode')} error={errors.pincode?.message} />
        <TextField
          label="Country"
          autoComplete="country-name"
          registration={register('country')}
          error={errors.country?.message}
        />
      </div>
      <RadioGroupField
        label="Address type"
        options={LABELS}
        registration={register('label')}
        error={errors.label?.message}
      />
      <FormAlert message={serverError} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : address ? 'Update address' : 'Save address'}
        </button>
        <button type="button" className="btn-outline" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
