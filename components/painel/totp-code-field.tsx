import { forwardRef, type InputHTMLAttributes } from 'react';
import { TextField } from '../ui/text-field';

/** The authenticator's 6-digit code: the numeric keypad, and the browser's one-time-code autofill. */
export const TotpCodeField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { error?: string | undefined; label?: string }
>(function TotpCodeField({ error, label = 'Código do autenticador', ...input }, ref) {
  return (
    <TextField
      ref={ref}
      label={label}
      hint="Os 6 números que o aplicativo autenticador mostra agora."
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      className="field--code"
      error={error}
      {...input}
    />
  );
});
