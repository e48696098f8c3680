import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { EyeIcon, EyeOffIcon } from '../ui/icons';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'adornment'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      adornment={
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-label={t(shown ? 'ui.password.hide' : 'ui.password.show')}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-lg text-ink-muted"
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
