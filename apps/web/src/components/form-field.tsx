import { OTP_LENGTH, PHONE_LENGTH, PINCODE_LENGTH } from '@makhana/domain/constants';
import { INDIA_STATES, stateNamed } from '@makhana/domain/india-states';
import { digitsOnly } from '@makhana/domain/validation';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export const inputClass = 'input h-11 text-base sm:text-sm';
/** A radio choice shown as a pill, its input inside its label. */
export const choicePillClass =
  'flex h-11 cursor-pointer items-center gap-2 rounded-full border border-cream-200 px-4 text-sm font-medium has-[:checked]:border-forest-700 has-[:checked]:bg-forest-50 has-[:checked]:text-forest-800';
export const invalidClass = 'border-maroon-600 focus:border-maroon-600 focus:ring-maroon-600/15';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label, control and its error, linked for assistive technology. */
export function FieldShell({ id, label, error, hint, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-maroon-700">
      {message}
    </p>
  );
}

/** The aria attributes of a control whose error (or hint) sits below it. */
export function describedBy(id: string, error?: string, hint?: boolean) {
  const target = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': target } as const;
}

/** What every field of a form takes: its label, its react-hook-form registration and its error. */
interface FieldProps {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
}

const controlClass = (error: string | undefined, className?: string) =>
  `${inputClass} ${error ? invalidClass : ''} ${className ?? ''}`;

type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function TextField({
  label,
  registration,
  error,
  hint,
  containerClassName,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={containerClassName}>
      <input
        id={id}
        className={controlClass(error, className)}
        {...describedBy(id, error, Boolean(hint))}
        {...input}
        {...registration}
      />
    </FieldShell>
  );
}

/**
 * A ten-digit mobile number, the rule the saved address and the checkout share: the phone's
 * number pad, and no room for an eleventh digit.
 */
export function PhoneField(props: TextFieldProps) {
  return <TextField type="tel" inputMode="numeric" maxLength={PHONE_LENGTH} {...props} />;
}

interface PincodeFieldProps extends Omit<TextFieldProps, 'label' | 'hint'> {
  label?: ReactNode;
  /** drawn over the right end of the box, such as a spinner while the pincode is checked */
  adornment?: ReactNode;
  /** a live line below the box saying what a check of the pincode found; an error replaces it */
  status?: ReactNode;
}

/** Six digits: anything else typed or pasted is dropped as it arrives. */
export function PincodeField({
  label = 'Pincode',
  registration,
  error,
  adornment,
  status,
  containerClassName,
  className,
  ...input
}: PincodeFieldProps) {
  const id = useId();
  const statusId = `${id}-status`;
  const box = (
    <input
      id={id}
      className={controlClass(error, className)}
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={PINCODE_LENGTH}
      {...input}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : status === undefined ? undefined : statusId}
      {...registration}
      onChange={(event) => {
        event.target.value = digitsOnly(event.target.value).slice(0, PINCODE_LENGTH);
        return registration.onChange(event);
      }}
    />
  );
  return (
    <FieldShell id={id} label={label} error={error} className={containerClassName}>
      {adornment === undefined ? (
        box
      ) : (
        <div className="relative">
          {box}
          {adornment}
        </div>
      )}
      {status !== undefined && (
        // Under an error the status steps aside (it stays in place for screen readers).
        <p
          id={statusId}
          aria-live="polite"
          className={error ? 'sr-only' : 'mt-1.5 min-h-5 text-sm'}
        >
          {status}
        </p>
      )}
    </FieldShell>
  );
}

type SelectFieldProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { children: ReactNode };

export function SelectField({
  label,
  registration,
  error,
  hint,
  containerClassName,
  className,
  children,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={containerClassName}>
      <select
        id={id}
        className={controlClass(error, className)}
        {...describedBy(id, error, Boolean(hint))}
        {...select}
        {...registration}
      >
        {children}
      </select>
    </FieldShell>
  );
}

interface StateFieldProps extends Omit<FieldProps, 'label'> {
  /** the value the form holds now: one the list does not name (an older address) stays choosable */
  value: string;
}

/**
 * A state or union territory, chosen from India's 36 rather than typed. An address saved before
 * (typed freely) keeps its words as a choice of their own until another is picked.
 */
export function StateField({ value, ...field }: StateFieldProps) {
  const kept = value && !stateNamed(value) ? value : null;
  return (
    <SelectField label="State" autoComplete="address-level1" {...field}>
      <option value="">Choose a state</option>
      {kept && <option value={kept}>{kept}</option>}
      {INDIA_STATES.map((state) => (
        <option key={state.code} value={state.name}>
          {state.name}
        </option>
      ))}
    </SelectField>
  );
}

type TextAreaFieldProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextAreaField({
  label,
  registration,
  error,
  hint,
  containerClassName,
  className,
  ...textarea
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={containerClassName}>
      <textarea
        id={id}
        className={controlClass(error, `h-auto py-2 ${className ?? ''}`)}
        {...describedBy(id, error, Boolean(hint))}
        {...textarea}
        {...registration}
      />
    </FieldShell>
  );
}

interface FileFieldProps
  extends FieldProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  /** the input itself, for a form that clears the chosen file after sending it */
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function FileField({
  label,
  registration,
  error,
  hint,
  containerClassName,
  inputRef,
  ...input
}: FileFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={containerClassName}>
      <input
        id={id}
        type="file"
        className="block w-full text-sm file:mr-4 file:rounded-lg file:border-0 file:bg-forest-700 file:px-4 file:py-2 file:text-cream-50"
        {...describedBy(id, error, Boolean(hint))}
        {...input}
        {...registration}
        ref={(element) => {
          registration.ref(element);
          if (inputRef) inputRef.current = element;
        }}
      />
    </FieldShell>
  );
}

interface ToggleBoxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}

/** A box to tick that is no form field: a choice of the screen itself, its label beside it. */
export function ToggleBox({ label, checked, onChange, className }: ToggleBoxProps) {
  const id = useId();
  return (
    <div className={`flex items-center gap-3 ${className ?? ''}`}>
      <input
        id={id}
        type="checkbox"
        className="h-5 w-5 shrink-0 rounded border-cream-200 accent-forest-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="text-sm text-ink">
        {label}
      </label>
    </div>
  );
}

/** A box to tick, its label beside it (a label may hold a link). */
export function CheckboxField({
  label,
  registration,
  error,
  containerClassName,
}: Omit<FieldProps, 'hint'>) {
  const id = useId();
  return (
    <div className={containerClassName}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-cream-200 accent-forest-700"
          {...describedBy(id, error)}
          {...registration}
        />
        <label htmlFor={id} className="text-sm text-ink">
          {label}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

interface RadioGroupFieldProps extends Omit<FieldProps, 'hint'> {
  options: readonly string[];
}

/** One choice of a few, shown as pills; the group's label is its legend. */
export function RadioGroupField({
  label,
  options,
  registration,
  error,
  containerClassName,
}: RadioGroupFieldProps) {
  const id = useId();
  return (
    <fieldset className={containerClassName} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="label">{label}</legend>
      <div className="flex gap-3">
        {options.map((option) => (
          <label key={option} className={choicePillClass}>
            <input
              type="radio"
              value={option}
              className="h-4 w-4 accent-forest-700"
              aria-invalid={error ? true : undefined}
              {...registration}
            />
            {option}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

interface OtpFieldProps {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** the text that says where the code was sent, read out with the field */
  promptId?: string;
}

/** The one-time code box: large digits, the phone's numeric keyboard and its code autofill. */
export function OtpField({ id, registration, error, promptId }: OtpFieldProps) {
  const described = [promptId, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return (
    <FieldShell id={id} label="One-time code" error={error}>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        placeholder="••••••"
        className={`${inputClass} h-14 text-center font-mono text-2xl tracking-[0.6em] sm:text-2xl ${
          error ? invalidClass : ''
        }`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...registration}
      />
    </FieldShell>
  );
}

/** A server refusal shown with the form (the toast says it too). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-maroon-600/20 bg-maroon-600/5 px-4 py-3 text-sm font-medium text-maroon-700"
    >
      {message}
    </p>
  );
}
