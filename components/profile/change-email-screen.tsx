'use client';
import { useMutation, useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MRequestEmailChange, QProfile } from '@/lib/graphql/profile-operations';
import { routes } from '@/lib/routes';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { ChangeEmailInput } from '@/lib/validation/profile-schema';
import { useFormServerError } from '../forms/use-form-server-error';
import { useCurrentUser } from '../providers/current-user';
import { TextField } from '../ui/text-field';

/** New e-mail → confirmation link; the e-mail changes only when the member opens it (/confirmar-email). */
export function ChangeEmailScreen() {
  const user = useCurrentUser();
  const { data } = useQuery(QProfile, { fetchPolicy: 'network-only' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [request, { loading }] = useMutation(MRequestEmailChange);
  const form = useForm<ChangeEmailInput>({
    resolver: useLazyZodResolver(() => import('@/lib/validation/profile-schema').then((m) => m.changeEmailSchema)),
    defaultValues: { email: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(form.setError, ['email']);
  const pending = sentTo ?? data?.me?.pendingEmail ?? null;

  const onSubmit = form.handleSubmit(async () => {
    clearServerError();
    try {
      const { data: result } = await request({ variables: { email: form.getValues('email') } });
      if (result) setSentTo(result.requestEmailChange.pendingEmail);
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <h1 id="page-title">Alterar e-mail</h1>
      <p className="muted">
        E-mail atual: <strong>{user.email}</strong>
      </p>
      {pending && (
        <p className="alert alert--info" role="status">
          Enviamos um link de confirmação para <strong>{pending}</strong>. Seu e-mail só muda quando você abrir o link
          (ele vale por 48 horas).
        </p>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        {serverError && (
          <p className="alert alert--error" role="alert">
            {serverError}
          </p>
        )}
        <TextField
          label="Novo e-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <button type="submit" className="button button--primary button--block" disabled={loading}>
          {loading ? 'Enviando…' : pending ? 'Enviar novo link' : 'Enviar link de confirmação'}
        </button>
        <p className="form__links">
          <Link href={routes.profile()}>Voltar ao perfil</Link>
        </p>
      </form>
    </section>
  );
}
