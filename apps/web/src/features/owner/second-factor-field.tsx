import type { ComponentProps } from 'react';
import { TextField } from '../../components/form-field';

/**
 * Where the owner types the second factor, at sign-in and when an act asks again: the app's
 * 6 digits or a recovery code (letters, so no numeric keyboard), filled by the phone's one-time
 * code suggestion where it offers one.
 */
export function SecondFactorField(
  props: Pick<ComponentProps<typeof TextField>, 'hint' | 'registration' | 'error'> & {
    'data-autofocus'?: boolean;
  },
) {
  return (
    <TextField
      label="Code from your authenticator app"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
