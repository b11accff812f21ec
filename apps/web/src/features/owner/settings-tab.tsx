import { zodResolver } from '@hookform/resolvers/zod';
import { POLICY } from '@makhana/domain/constants';
import type { OwnerShopSettings } from '@makhana/domain/contracts/shop';
import type { IndiaState } from '@makhana/domain/india-states';
import {
  INVOICE_PREFIX_MAX,
  type ShopSettings,
  type ShopSettingsInput,
  shopSettingsSchema,
} from '@makhana/domain/validation';
import type { ReactNode } from 'react';
import { type FieldErrors, type FieldPath, type UseFormRegister, useForm } from 'react-hook-form';
import {
  FormAlert,
  PhoneField,
  PincodeField,
  StateField,
  TextAreaField,
  TextField,
} from '../../components/form-field';
import { errorMessage, toApiCallError } from '../../lib/api-client';
import { formatOrderDate } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { useGetShopSettingsQuery, useSaveShopSettingsMutation } from './api/shop-settings';

function formValuesOf(settings: OwnerShopSettings): ShopSettingsInput {
  const { savedAt: _savedAt, missing: _missing, ...values } = settings;
  // The server kept the state through this form's own schema: one of India's, by name.
  return { ...values, address: { ...values.address, state: values.address.state as IndiaState } };
}

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <fieldset className="card space-y-4 p-5 sm:p-6">
      <legend className="sr-only">{title}</legend>
      <div aria-hidden="true">
        <h3 className="font-display text-lg font-semibold text-forest-800">{title}</h3>
        {note && <p className="mt-1 text-sm text-muted">{note}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** Where the kept settings stand: saved by the owner, the demo's, or nothing yet. */
function SettingsStatus({ settings }: { settings: OwnerShopSettings }) {
  if (settings.savedAt) {
    return (
      <p className="text-sm text-muted" data-testid="settings-status">
        Saved on <time dateTime={settings.savedAt}>{formatOrderDate(settings.savedAt)}</time>.
        Shoppers see them in the footer, on the contact and grievance pages, and on invoices.
      </p>
    );
  }
  return (
    <p
      role="note"
      className="rounded-2xl border border-saffron-400/60 bg-saffron-100 px-4 py-3 text-sm text-ink"
      data-testid="settings-status"
    >
      <strong className="font-semibold">
        {settings.legalName
          ? 'These are the demo’s made-up details, not yours.'
          : 'Nothing is saved yet.'}
      </strong>{' '}
      A shop running in production takes no order until you save your own: the law asks every online
      food seller to show who sells before the sale.
    </p>
  );
}

/** A person the law asks the shop to name: a name, how to reach them, and what else `children` add. */
function ContactPerson({
  who,
  register,
  errors,
  children,
}: {
  who: 'consumerCare' | 'grievanceOfficer';
  register: UseFormRegister<ShopSettingsInput>;
  errors: FieldErrors<ShopSettingsInput>;
  children?: ReactNode;
}) {
  const error = errors[who];
  return (
    <>
      <TextField label="Name" registration={register(`${who}.name`)} error={error?.name?.message} />
      {children}
      <PhoneField
        label="Phone"
        registration={register(`${who}.phone`)}
        error={error?.phone?.message}
      />
      <TextField
        label="E-mail"
        type="email"
        registration={register(`${who}.email`)}
        error={error?.email?.message}
      />
    </>
  );
}

function SettingsForm({ settings }: { settings: OwnerShopSettings }) {
  const [save, { isLoading: saving }] = useSaveShopSettingsMutation();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ShopSettingsInput, unknown, ShopSettings>({
    resolver: zodResolver(shopSettingsSchema),
    defaultValues: formValuesOf(settings),
  });

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await save(values).unwrap();
      toast.success(answer.message);
    } catch (error) {
      const failure = toApiCallError(error);
      const message = failure.message || 'Server error';
      toast.error(message, { toastId: message });
      for (const { field, message: said } of failure.fieldErrors) {
        setError(field as FieldPath<ShopSettingsInput>, { type: 'server', message: said });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Who sells" className="space-y-5">
      <Section
        title="The seller"
        note="As registered: the legal name prints on invoices, the trade name is the one shoppers know."
      >
        <TextField
          label="Legal name"
          autoComplete="organization"
          registration={register('legalName')}
          error={errors.legalName?.message}
        />
        <TextField
          label="Trade name"
          registration={register('tradeName')}
          error={errors.tradeName?.message}
        />
      </Section>

      <Section title="Registered address" note="The address on your GST registration.">
        <TextField
          label="Street and area"
          containerClassName="sm:col-span-2"
          autoComplete="street-address"
          registration={register('address.street')}
          error={errors.address?.street?.message}
        />
        <TextField
          label="City"
          autoComplete="address-level2"
          registration={register('address.city')}
          error={errors.address?.city?.message}
        />
        <StateField
          value={watch('address.state') ?? ''}
          registration={register('address.state')}
          error={errors.address?.state?.message}
        />
        <PincodeField
          registration={register('address.pincode')}
          error={errors.address?.pincode?.message}
        />
      </Section>

      <Section title="Registrations">
        <TextField
          label="GSTIN"
          hint="15 characters; it starts with your state’s GST code."
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          className="font-mono uppercase"
          registration={register('gstin')}
          error={errors.gstin?.message}
        />
        <TextField
          label="FSSAI licence or registration number"
          hint="14 digits, as on your licence."
          inputMode="numeric"
          maxLength={20}
          className="font-mono"
          registration={register('fssaiLicence')}
          error={errors.fssaiLicence?.message}
        />
      </Section>

      <Section
        title="Consumer care"
        note="Printed on every product page: whom a shopper contacts about a pack."
      >
        <ContactPerson who="consumerCare" register={register} errors={errors} />
        <TextAreaField
          label="Address"
          rows={2}
          containerClassName="sm:col-span-2"
          registration={register('consumerCare.address')}
          error={errors.consumerCare?.address?.message}
        />
      </Section>

      <Section
        title="Grievance officer"
        note={`Named on the contact and grievance pages: complaints are acknowledged within ${POLICY.grievanceAcknowledgeHours} hours and resolved within ${POLICY.grievanceResolveWithin}.`}
      >
        <ContactPerson who="grievanceOfficer" register={register} errors={errors}>
          <TextField
            label="Designation"
            registration={register('grievanceOfficer.designation')}
            error={errors.grievanceOfficer?.designation?.message}
          />
        </ContactPerson>
      </Section>

      <Section title="Invoices">
        <TextField
          label="Invoice number prefix"
          hint={`Up to ${INVOICE_PREFIX_MAX} characters, e.g. MM: invoices are numbered MM/2627/000001, credit notes MMC/2627/000001.`}
          autoCapitalize="characters"
          maxLength={INVOICE_PREFIX_MAX}
          className="uppercase"
          registration={register('invoicePrefix')}
          error={errors.invoicePrefix?.message}
        />
      </Section>

      <div className="flex justify-end">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/** The owner's Settings tab: who sells, kept for the footer, the grievance page and invoices. */
export function SettingsTab() {
  const { data: settings, error, isLoading } = useGetShopSettingsQuery();
  return (
    <section aria-labelledby="owner-settings-title" className="space-y-5">
      <div>
        <h2
          id="owner-settings-title"
          className="font-display text-2xl font-semibold text-forest-800"
        >
          Who sells
        </h2>
        <p className="mt-1 text-sm text-muted">
          Your business as the law asks an online food shop to show it.
        </p>
      </div>
      {isLoading && <p className="text-sm text-muted">Loading…</p>}
      {error && <FormAlert message={`The settings could not be loaded: ${errorMessage(error)}`} />}
      {settings && (
        <>
          <SettingsStatus settings={settings} />
          <SettingsForm key={settings.savedAt ?? 'unsaved'} settings={settings} />
        </>
      )}
    </section>
  );
}
