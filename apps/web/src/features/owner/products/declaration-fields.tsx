import { GST_RATES, NUTRIENTS } from '@makhana/domain/declarations';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  RadioGroupField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form-field';
import type { ProductFormValues } from './product-values';

interface DeclarationFieldsProps {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  /** names the section for the form's headings */
  headingId: string;
}

const groupHeading = 'text-sm font-semibold text-forest-800';

/**
 * What the pack's label says and the product page must show before the sale: its tax, contents,
 * nutrition, veg mark and maker. A product may be saved without them while it is off sale; the
 * shop lists it only with all of them (the schema names each one missing).
 */
export function DeclarationFields({ register, errors: e, headingId }: DeclarationFieldsProps) {
  return (
    <section aria-labelledby={`${headingId}-label`} className="space-y-5">
      <div>
        <h3
          id={`${headingId}-label`}
          className="font-display text-lg font-semibold text-forest-800"
        >
          Label and tax
        </h3>
        <p className="mt-1 text-sm text-muted">
          What the pack declares. Shoppers see it on the product page; a product is listed only with
          all of it.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="HSN code"
          inputMode="numeric"
          maxLength={8}
          hint="4 to 8 digits: 2008 for roasted makhana, 0802 for raw."
          registration={register('hsnCode')}
          error={e.hsnCode?.message}
        />
        <SelectField label="GST rate" registration={register('gstRate')} error={e.gstRate?.message}>
          {GST_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {rate}%
            </option>
          ))}
        </SelectField>
        <RadioGroupField
          label="Veg or non-veg"
          options={['Veg', 'Non-veg']}
          registration={register('vegetarian')}
          error={e.vegetarian?.message}
        />
        <TextField
          label="Allergens"
          hint="As the label says, or “None”."
          registration={register('allergens')}
          error={e.allergens?.message}
        />
        <TextAreaField
          label="Ingredients"
          rows={3}
          hint="In descending order of weight, with percentages where the label gives them."
          registration={register('ingredients')}
          error={e.ingredients?.message}
          containerClassName="sm:col-span-2"
        />
      </div>

      <fieldset className="min-w-0 space-y-3">
        <legend className={groupHeading}>Nutrition per 100 g</legend>
        {e.nutrition?.message && (
          <p role="alert" className="text-sm font-medium text-maroon-700">
            {e.nutrition.message}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {NUTRIENTS.map((nutrient) => (
            <TextField
              key={nutrient.key}
              label={`${nutrient.label} (${nutrient.unit})`}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              registration={register(`nutrition.${nutrient.key}`)}
              error={e.nutrition?.[nutrient.key]?.message}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="min-w-0 space-y-3">
        <legend className={groupHeading}>Manufacturer</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Manufacturer"
            registration={register('manufacturer.name')}
            error={e.manufacturer?.name?.message}
          />
          <TextField
            label="Manufacturer’s address"
            registration={register('manufacturer.address')}
            error={e.manufacturer?.address?.message}
          />
          <TextField
            label="Packer (optional)"
            hint="Only when another company packed it."
            registration={register('packer.name')}
            error={e.packer?.name?.message}
          />
          <TextField
            label="Packer’s address (optional)"
            registration={register('packer.address')}
            error={e.packer?.address?.message}
          />
        </div>
      </fieldset>
    </section>
  );
}
