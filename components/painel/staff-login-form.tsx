'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MStaffLogin } from '@/lib/painel/operations';
import { staffLoginSchema } from '@/common/painel/schemas';
import { keepStaffToken, staffToken, takeStaffNotice } from '@/lib/painel/session';
import { painelRoutes } from '@/common/painel/routes';
import { useFormServerError } from '../forms/use-form-server-error';
import { FormAlert } from '../ui/form-alert';
import { PasswordField } from '../ui/password-field';
import { SubmitButton } from '../ui/submit-button';
import { TextField } from '../ui/text-field';
import { TotpCodeField } from './totp-code-field';
import { usePainelMutation } from './use-painel-mutation';

interface LoginValues {
  email: string;
  password: string;
  code: string;
}

const FIELDS = ['email', 'password', 'code'] as const;

/** /painel/entrar: e-mail, password and the authenticator's current code. */
export function StaffLoginForm() {
  const router = useRouter();
  const [notice, setNotice] = useState<string | null>(null);
  const [login, { loading }] = usePainelMutation(MStaffLogin);
  const form = useForm<LoginValues, unknown, LoginValues>({
    resolver: zodResolver(staffLoginSchema),
    defaultValues: { email: '', password: '', code: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(form.setError, FIELDS);
  const { errors } = form.formState;

  useEffect(() => {
    // Someone already signed in in this tab goes straight in; the gate checks the token.
    if (staffToken()) router.replace(painelRoutes.painelHome());
    else setNotice(takeStaffNotice());
  }, [router]);

  const submit = form.handleSubmit(async (values) => {
    clearServerError();
    try {
      const data = await login(values);
      keepStaffToken(data.staffLogin.token);
      router.replace(painelRoutes.painelHome());
    } catch (error) {
      // A wrong code is gone in 30 seconds: the next try needs the one the app shows then.
      form.setValue('code', '');
      showServerError(error);
    }
  });

  return (
    <section className="card card--narrow painel-entry__card">
      <h1>Entrar no painel</h1>
      <p className="muted">Para a equipe do clube. Membros entram pelo aplicativo do clube.</p>
      {notice && (
        <p className="alert alert--info" role="status">
          {notice}
        </p>
      )}
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert message={serverError} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label="Senha"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TotpCodeField error={errors.code?.message} {...form.register('code')} />
        <SubmitButton busy={loading} busyLabel="Entrando…">
          Entrar
        </SubmitButton>
      </form>
      <p className="muted painel-entry__help">
        Perdeu o celular com o autenticador? Peça a um administrador que refaça o seu acesso.
      </p>
    </section>
  );
}
