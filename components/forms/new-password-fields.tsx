'use client';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { passwordStrength } from '@/common/validation/password-rules';
import { PasswordField } from '../ui/password-field';

interface NewPasswordValues {
  password: string;
  passwordConfirmation: string;
}

const HINT = 'De 8 a 128 caracteres. Uma frase curta é fácil de lembrar e difícil de adivinhar.';

/** New password, its confirmation and a visible strength hint: shared by sign-up, recovery and password change. */
export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  errors,
  password,
  label = 'Senha',
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPasswordValues>;
  password: string;
  label?: string;
}) {
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  const strength = password ? passwordStrength(password) : null;
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        hint={HINT}
        error={errors.password?.message}
        {...reg('password')}
      />
      {strength && (
        <p
          className={`password-strength password-strength--${strength === 'média' ? 'media' : strength}`}
          aria-live="polite"
        >
          Força da senha: <strong>{strength}</strong>
        </p>
      )}
      <PasswordField
        label="Confirme a senha"
        autoComplete="new-password"
        error={errors.passwordConfirmation?.message}
        {...reg('passwordConfirmation')}
      />
    </>
  );
}
