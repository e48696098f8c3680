import { TextField, type TextFieldProps } from './text-field';

/** A username or phone number typed to sign in (no auto-capitals, no spell check, autofilled). */
export function LoginIdField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'>) {
  return <TextField type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}
