import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CheckboxField,
  PhoneField,
  PincodeField,
  RadioGroupField,
  SelectField,
  TextAreaField,
} from './form-field';

const ERROR = 'Please enter a valid phone number';

/** Every shared field in one form, each showing `error` when it is given. */
function Fields({ error }: { error?: string }) {
  const { register } = useForm<Record<string, string | boolean>>();
  return (
    <form>
      <PhoneField label="Mobile number" registration={register('phone')} error={error} />
      <PincodeField registration={register('pincode')} error={error} status="Checking…" />
      <SelectField label="Issue type" registration={register('issue')} error={error}>
        <option value="">Choose an issue</option>
      </SelectField>
      <TextAreaField label="Message" rows={4} registration={register('message')} error={error} />
      <CheckboxField label="I accept" registration={register('terms')} error={error} />
      <RadioGroupField
        label="Address type"
        options={['Home', 'Work']}
        registration={register('label')}
        error={error}
      />
    </form>
  );
}

const CONTROLS = ['Mobile number', 'Pincode', 'Issue type', 'Message', 'I accept'];

afterEach(cleanup);

describe('the shared form fields', () => {
  it('label every control and leave it valid while there is no error', () => {
    render(<Fields />);
    for (const name of CONTROLS) {
      const control = screen.getByLabelText(name);
      expect(control.getAttribute('aria-invalid'), name).toBeNull();
    }
    expect(screen.getByLabelText('Message').getAttribute('rows')).toBe('4');
    expect(screen.getByRole('radio', { name: 'Home' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Address type' })).toBeTruthy();
    // The pincode's live status describes it until an error takes its place.
    const statusId = screen.getByLabelText('Pincode').getAttribute('aria-describedby');
    expect(document.getElementById(statusId ?? '')?.textContent).toBe('Checking…');
  });

  it('mark each control invalid and point it at its error', () => {
    render(<Fields error={ERROR} />);
    for (const name of CONTROLS) {
      const control = screen.getByLabelText(name);
      expect(control.getAttribute('aria-invalid'), name).toBe('true');
      const described = control.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(described)?.textContent, name).toBe(ERROR);
    }
    const group = screen.getByRole('group', { name: 'Address type' });
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      ERROR,
    );
    expect(screen.getByRole('radio', { name: 'Work' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('give a phone the number pad and room for ten digits', () => {
    render(<Fields />);
    const phone = screen.getByLabelText('Mobile number') as HTMLInputElement;
    expect(phone.type).toBe('tel');
    expect(phone.inputMode).toBe('numeric');
    expect(phone.maxLength).toBe(10);
  });

  it('keep only digits in a pincode, at most six', async () => {
    const user = userEvent.setup();
    render(<Fields />);
    const pincode = screen.getByLabelText('Pincode') as HTMLInputElement;
    expect(pincode.inputMode).toBe('numeric');
    expect(pincode.autocomplete).toBe('postal-code');
    await user.type(pincode, '84a6-0 05');
    expect(pincode.value).toBe('846005');
  });
});
