'use client';
import { useMutation } from '@apollo/client/react';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { MRequestEmailChange } from '@/lib/profile/operations';
import { routes } from '@/common/routes';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { ChangeEmailInput } from '@/common/validation/profile-schema';
import { useFormServerError } from '../forms/use-form-server-error';
import { TextField } from '../ui/text-field';

/** The new e-mail; `onSent` gets the address the confirmation link went to. */
export function ChangeEmailForm({ pending, onSent }: { pending: boolean; onSent: (email: string) => void }) {
  const [request, { loading }] = useMutation(MRequestEmailChange);
  const form = useForm<ChangeEmailInput>({
    resolver: useLazyZodResolver(() => import('@/common/validation/profile-schema').then((m) => m.changeEmailSchema)),
    defaultValues: { email: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(form.setError, ['email']);

  const onSubmit = form.handleSubmit(async () => {
    clearServerError();
    try {
      const { data: result } = await request({ variables: { email: form.getValues('email') } });
      if (result) onSent(result.requestEmailChange.pendingEmail);
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
  );
}
