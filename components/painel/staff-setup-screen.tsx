'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDateTime } from '@/common/format/dates';
import { MStaffSetup, QStaffSetupLink } from '@/lib/painel/operations';
import { staffSetupFormSchema } from '@/common/painel/schemas';
import { keepStaffToken } from '@/lib/painel/session';
import { painelRoutes } from '@/common/painel/routes';
import { NewPasswordFields } from '../forms/new-password-fields';
import { useFormServerError } from '../forms/use-form-server-error';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { SubmitButton } from '../ui/submit-button';
import { TotpCodeField } from './totp-code-field';
import { TotpQr } from './totp-qr';
import { usePainelMutation } from './use-painel-mutation';
import { usePainelQuery } from './use-painel-query';

interface SetupValues {
  password: string;
  passwordConfirmation: string;
  code: string;
}

const FIELDS = ['password', 'code'] as const;

/** The secret in groups of four, as authenticator apps show a key typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The link's token, read from the real URL (the export has no server to read it). */
function useLinkToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  return token;
}

function LinkProblem({ message }: { message: string }) {
  return (
    <section className="card card--narrow painel-entry__card">
      <h1>Ativar acesso ao painel</h1>
      <p className="alert alert--error" role="alert">
        {message}
      </p>
    </section>
  );
}

/**
 * /painel/ativar?token=…: the one-time link of an invitation or an authenticator reset. The person creates a
 * password (the members' rules), adds the club to an authenticator app by its QR or by typing the key, and confirms
 * with the first code; then they are in.
 */
export function StaffSetupScreen() {
  const token = useLinkToken();
  const router = useRouter();
  const link = usePainelQuery(QStaffSetupLink, { variables: { token: token ?? '' }, skip: !token });
  const [setup, { loading }] = usePainelMutation(MStaffSetup);
  const form = useForm<SetupValues, unknown, SetupValues>({
    resolver: zodResolver(staffSetupFormSchema),
    defaultValues: { password: '', passwordConfirmation: '', code: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(form.setError, FIELDS);
  const { errors } = form.formState;
  const password = form.watch('password');

  if (token === null)
    return <LinkProblem message="Este endereço está incompleto. Abra o link inteiro que você recebeu." />;
  if (link.error) return <LinkProblem message={errorMessage(link.error)} />;
  if (!link.data) {
    return (
      <section className="card card--narrow painel-entry__card">
        <h1>Ativar acesso ao painel</h1>
        <Spinner label="Conferindo o link…" />
      </section>
    );
  }
  const details = link.data.staffSetupLink;

  const submit = form.handleSubmit(async (values) => {
    clearServerError();
    try {
      const data = await setup({ token: token ?? '', password: values.password, code: values.code });
      keepStaffToken(data.staffSetup.token);
      router.replace(painelRoutes.painelHome());
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <section className="card painel-setup">
      <h1>Ativar acesso ao painel</h1>
      <p>
        Olá, {details.name}. Este link ativa a conta <strong>{details.email}</strong> e vale até{' '}
        {formatDateTime(details.expiresAt)}, uma só vez.
      </p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert message={serverError} />
        <fieldset className="painel-setup__step">
          <legend>1. Crie sua senha</legend>
          <NewPasswordFields register={form.register} errors={errors} password={password} />
        </fieldset>
        <fieldset className="painel-setup__step">
          <legend>2. Cadastre o clube no aplicativo autenticador</legend>
          <p className="muted">
            Use um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy ou outro): leia o QR
            code com ele, ou digite a chave abaixo.
          </p>
          <div className="painel-setup__qr">
            <TotpQr uri={details.otpauthUri} />
            <dl className="painel-setup__key">
              <dt>Chave para digitar no aplicativo</dt>
              <dd>
                <code>{grouped(details.secret)}</code>
              </dd>
              <dt>Tipo</dt>
              <dd>baseada no horário, 6 dígitos, a cada 30 segundos</dd>
            </dl>
          </div>
        </fieldset>
        <fieldset className="painel-setup__step">
          <legend>3. Confirme com o primeiro código</legend>
          <TotpCodeField error={errors.code?.message} {...form.register('code')} />
        </fieldset>
        <SubmitButton busy={loading} busyLabel="Ativando…">
          Ativar acesso
        </SubmitButton>
      </form>
    </section>
  );
}
