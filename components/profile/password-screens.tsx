'use client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MUpdatePassword } from '@/lib/graphql/auth-operations';
import { QMe } from '@/lib/graphql/operations';
import { nextCompletionStep } from '@/lib/profile/next-step';
import { routes } from '@/lib/routes';
import { useSessionStore } from '@/lib/session/store';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { PasswordChangeInput } from '@/lib/validation/profile-schema';
import { NewPasswordFields } from '../forms/new-password-fields';
import { useFormServerError } from '../forms/use-form-server-error';
import { useCurrentUser } from '../providers/current-user';
import { PasswordField } from '../ui/password-field';

const FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const;

/**
 * Current password (unless the club requires a change) and the new one. updatePassword returns new tokens, which
 * replace the stored ones; the API ends the member's other sessions.
 */
function PasswordChangeForm({ askCurrent, onDone }: { askCurrent: boolean; onDone: () => Promise<void> | void }) {
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
      import('@/lib/validation/profile-schema').then((m) => m.passwordChangeSchema(askCurrent)),
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

/** Completion step three: the club asked for a new password. */
export function CompletePasswordScreen() {
  const user = useCurrentUser();
  const client = useApolloClient();
  const router = useRouter();
  const required = user.profileStatus.changePasswordRequired;
  return (
    <section className="card card--narrow profile-step" aria-labelledby="page-title">
      <p className="step-indicator">Complete seu cadastro</p>
      <h1 id="page-title">Crie uma nova senha</h1>
      <p className="muted">Por segurança, crie uma nova senha para continuar no clube.</p>
      <PasswordChangeForm
        askCurrent={!required}
        onDone={async () => {
          const { data } = await client.query({ query: QMe, fetchPolicy: 'network-only' });
          router.replace(data?.me ? nextCompletionStep(data.me.profileStatus) : routes.home());
        }}
      />
    </section>
  );
}

export function ChangePasswordScreen() {
  const user = useCurrentUser();
  const [done, setDone] = useState(false);
  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <h1 id="page-title">Alterar senha</h1>
      {done ? (
        <div className="form">
          <p className="alert alert--info" role="status">
            Senha alterada. Por segurança, encerramos suas sessões em outros aparelhos.
          </p>
          <Link className="button button--primary button--block" href={routes.profile()}>
            Voltar ao perfil
          </Link>
        </div>
      ) : (
        <PasswordChangeForm askCurrent={!user.profileStatus.changePasswordRequired} onDone={() => setDone(true)} />
      )}
    </section>
  );
}
