import { TextField, type TextFieldProps } from './text-field';

/** An 11-digit mobile number input (numeric keypad, autofilled from the device's number). */
export function PhoneField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return <TextField type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} {...props} />;
}
