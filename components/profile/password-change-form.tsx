'use client';
import { useMutation } from '@apollo/client/react';
import { useForm } from 'react-hook-form';
import { MUpdatePassword } from '@/lib/profile/operations';
import { useSessionStore } from '@/lib/session/store';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { PasswordChangeInput } from '@/common/validation/profile-schema';
import { NewPasswordFields } from '../forms/new-password-fields';
import { useFormServerError } from '../forms/use-form-server-error';
import { PasswordField } from '../ui/password-field';

const FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const;

/**
 * Current password (unless the club requires a change) and the new one. updatePassword returns new tokens, which
 * replace the stored ones; the API ends the member's other sessions.
 */
export function PasswordChangeForm({
  askCurrent,
  onDone,
}: {
  askCurrent: boolean;
  onDone: () => Promise<void> | void;
}) {
  const setTokens = useSessionStore((s) => s.setTokens);
  const [update, { loading }] = useMutation(MUpdatePassword);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<PasswordChangeInput>({
    resolver: useLazyZodResolver(() =>
      import('@/common/validation/profile-schema').then((m) => m.passwordChangeSchema(askCurrent)),
    ),
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(setError, FIELDS);
  const onSubmit = handleSubmit(async (values) => {
    clearServerError();
    try {
      const { data } = await update({
        variables: { currentPassword: askCurrent ? values.currentPassword : null, password: values.password },
      });
      if (data) {
        setTokens({ accessToken: data.updatePassword.access_token, refreshToken: data.updatePassword.refresh_token });
        await onDone();
      }
    } catch (error) {
      showServerError(error);
    }
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {serverError && (
        <p className="alert alert--error" role="alert">
          {serverError}
        </p>
      )}
      {askCurrent && (
        <PasswordField
          label="Senha atual"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
      <NewPasswordFields register={register} errors={errors} password={watch('password')} label="Nova senha" />
      <button type="submit" className="button button--primary button--block" disabled={loading}>
        {loading ? 'Salvando…' : 'Salvar nova senha'}
      </button>
    </form>
  );
}
