import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  checkoutAddressSchema,
  loginVerifySchema,
  MESSAGES,
  pincodeCheckSchema,
  profileSchema,
  registerFormSchema,
} from './validation';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('validation messages of the spec', () => {
  it('checks the pincode on the product page', () => {
    expect(pincodeCheckSchema.safeParse({ pincode: '846005' }).success).toBe(true);
    expect(firstMessage(pincodeCheckSchema.safeParse({ pincode: '84600' }))).toBe(
      MESSAGES.validPincode,
    );
    expect(firstMessage(pincodeCheckSchema.safeParse({ pincode: '84600a' }))).toBe(
      MESSAGES.validPincode,
    );
  });

  it('strips non-digits from the checkout pincode and asks for six', () => {
    const base = {
      firstName: 'Asha',
      lastName: 'Kumari',
      email: 'asha@example.in',
      phone: '9876543210',
      address: 'Station Road',
      city: 'Darbhanga',
      state: 'Bihar',
    };
    const ok = checkoutAddressSchema.safeParse({ ...base, pincode: '846 005' });
    expect(ok.success && ok.data.pincode).toBe('846005');
    expect(firstMessage(checkoutAddressSchema.safeParse({ ...base, pincode: '8460' }))).toBe(
      'Enter 6-digit pincode',
    );
    expect(
      firstMessage(checkoutAddressSchema.safeParse({ ...base, firstName: ' ', pincode: '846005' })),
    ).toBe('Required');
    expect(
      firstMessage(checkoutAddressSchema.safeParse({ ...base, email: 'x@', pincode: '846005' })),
    ).toBe('Valid email required');
  });

  it('words login and register errors as the spec does', () => {
    expect(firstMessage(loginVerifySchema.safeParse({ email: '', otp: '123456' }))).toBe(
      'Email is required',
    );
    expect(firstMessage(loginVerifySchema.safeParse({ email: 'a@b', otp: '123456' }))).toBe(
      'Please enter a valid email',
    );
    expect(firstMessage(loginVerifySchema.safeParse({ email: 'a@b.in', otp: '' }))).toBe(
      'OTP is required',
    );
    expect(firstMessage(loginVerifySchema.safeParse({ email: 'a@b.in', otp: '12345' }))).toBe(
      'Please enter a valid OTP',
    );
    const register = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.in',
      phoneNumber: '98765',
      terms: true,
    };
    expect(firstMessage(registerFormSchema.safeParse(register))).toBe('Please enter a valid phone');
    expect(
      firstMessage(
        registerFormSchema.safeParse({ ...register, phoneNumber: '9876543210', terms: false }),
      ),
    ).toBe('You must accept the terms and conditions');
  });

  it('checks address phone numbers, pincode and label', () => {
    const address = {
      name: 'Asha',
      street: 'Station Road',
      city: 'Darbhanga',
      state: 'Bihar',
      country: 'India',
      pincode: '846005',
      phoneNumber: '9876543210',
      label: 'Home',
    };
    expect(addressSchema.safeParse(address).success).toBe(true);
    expect(addressSchema.safeParse({ ...address, alternateNumber: '' }).success).toBe(true);
    expect(firstMessage(addressSchema.safeParse({ ...address, alternateNumber: '123' }))).toBe(
      'Please enter a valid phone number',
    );
    expect(firstMessage(addressSchema.safeParse({ ...address, label: '' }))).toBe(
      'Address type is required',
    );
  });

  it('reads an unset profile gender as null and keeps the sign-up rules', () => {
    const profile = {
      firstName: 'Asha',
      lastName: 'Jha',
      gender: '',
      email: 'Asha@Example.com',
      phoneNumber: '9876543210',
    };
    expect(profileSchema.parse(profile)).toMatchObject({ gender: null, email: 'asha@example.com' });
    expect(profileSchema.parse({ ...profile, gender: 'Female' }).gender).toBe('Female');
    expect(firstMessage(profileSchema.safeParse({ ...profile, firstName: ' ' }))).toBe(
      'First name is required',
    );
  });
});
