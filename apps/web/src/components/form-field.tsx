import { OTP_LENGTH } from '@makhana/domain/constants';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export const inputClass = 'input h-11 text-base sm:text-sm';
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

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
}

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
        className={`${inputClass} ${error ? invalidClass : ''} ${className ?? ''}`}
        {...describedBy(id, error, Boolean(hint))}
        {...input}
        {...registration}
      />
    </FieldShell>
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
