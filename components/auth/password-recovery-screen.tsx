'use client';
import { IntentLink } from '../ui/intent-link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '@/lib/apollo/errors';
import { MRequestPasswordReset, MResetPassword, QPasswordResetChannels } from '@/lib/auth/operations';
import type { ResetChannel } from '@/lib/graphql/generated-public/graphql';
import { request } from '@/lib/graphql/request';
import { useRequestMutation } from '@/lib/graphql/use-request';
import { routes } from '@/common/routes';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { RecoveryIdentifierInput, RecoveryResetInput } from '@/common/validation/password-recovery-schema';
import { FormAlert } from '../ui/form-alert';
import { TextField } from '../ui/text-field';
import { NewPasswordFields } from '../forms/new-password-fields';
import { ResendCodeButton } from '../forms/resend-code-button';
import { HumanCheck, useHumanCheck } from './human-check';
import { useFormServerError } from '../forms/use-form-server-error';
import { SubmitButton } from '../ui/submit-button';

interface Destination {
  channel: ResetChannel;
  destination: string;
}

const CHANNEL_LABEL: Record<ResetChannel, string> = { SMS: 'SMS para', EMAIL: 'E-mail para' };

/** Forgot password: identifier → where the code goes (masked) → code and new password. Does not log in. */
export function PasswordRecoveryScreen() {
  const [login, setLogin] = useState('');
  const [destinations, setDestinations] = useState<Destination[] | null>(null);
  const [sent, setSent] = useState<(Destination & { sentAt: number }) | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestReset] = useRequestMutation(MRequestPasswordReset);
  const human = useHumanCheck();

  const identifierForm = useForm<RecoveryIdentifierInput>({
    resolver: useLazyZodResolver(() =>
      import('@/common/validation/password-recovery-schema').then((m) => m.recoveryIdentifierSchema),
    ),
    defaultValues: { login: '' },
  });

  const findChannels = identifierForm.handleSubmit(async (values) => {
    setError(null);
    const check = await human.take();
    if (!check) return;
    setBusy(true);
    try {
      const data = await request(QPasswordResetChannels, { login: values.login, ...check });
      setLogin(values.login);
      setDestinations(data.passwordResetChannels);
    } catch (e) {
      setError(errorMessage(e as Error));
      human.reset();
    } finally {
      setBusy(false);
    }
  });

  const send = async (channel: ResetChannel) => {
    setError(null);
    setBusy(true);
    try {
      const { data } = await requestReset({ variables: { login, channel } });
      if (data) setSent({ ...data.requestPasswordReset, sentAt: Date.now() });
    } catch (e) {
      setError(errorMessage(e as Error));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="card card--narrow" aria-labelledby="recovery-title">
        <h1 id="recovery-title">Senha alterada</h1>
        <p role="status">Pronto! Sua nova senha já vale. Por segurança, encerramos suas sessões em outros aparelhos.</p>
        <IntentLink className="button button--primary button--block" href={routes.login()}>
          Entrar com a nova senha
        </IntentLink>
      </section>
    );
  }

  return (
    <section className="card card--narrow" aria-labelledby="recovery-title">
      <h1 id="recovery-title">Recuperar senha</h1>
      {!destinations && (
        <form className="form" method="post" onSubmit={findChannels} noValidate>
          <p className="muted">Informe seus dados de acesso e enviaremos um código para você criar uma nova senha.</p>
          <FormAlert message={error} />
          <TextField
            label="CPF, e-mail ou celular"
            autoComplete="username"
            error={identifierForm.formState.errors.login?.message}
            {...identifierForm.register('login')}
          />
          <HumanCheck ref={human.ref} error={human.error} />
          <SubmitButton busy={busy}>Continuar</SubmitButton>
        </form>
      )}
      {destinations && !sent && (
        <div className="form">
          <p>Onde você quer receber o código?</p>
          <FormAlert message={error} />
          {destinations.map((d) => (
            <button
              key={d.channel}
              type="button"
              className="button button--secondary button--block"
              disabled={busy}
              onClick={() => void send(d.channel)}
            >
              {CHANNEL_LABEL[d.channel]} {d.destination}
            </button>
          ))}
          <button type="button" className="link-button" onClick={() => setDestinations(null)}>
            Usar outro CPF, e-mail ou celular
          </button>
        </div>
      )}
      {sent && (
        <ResetForm
          login={login}
          sent={sent}
          onResend={() => send(sent.channel)}
          onDone={() => setDone(true)}
          resendError={error}
        />
      )}
      <p className="login__signup">
        Lembrou a senha? <IntentLink href={routes.login()}>Entrar</IntentLink>
      </p>
    </section>
  );
}

function ResetForm({
  login,
  sent,
  onResend,
  onDone,
  resendError,
}: {
  login: string;
  sent: Destination & { sentAt: number };
  onResend: () => Promise<void>;
  onDone: () => void;
  resendError: string | null;
}) {
  const [reset, { loading }] = useRequestMutation(MResetPassword);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<RecoveryResetInput>({
    resolver: useLazyZodResolver(() =>
      import('@/common/validation/password-recovery-schema').then((m) => m.recoveryResetSchema),
    ),
    defaultValues: { code: '', password: '', passwordConfirmation: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(setError, [
    'code',
    'password',
    'passwordConfirmation',
  ]);
  const onSubmit = handleSubmit(async (values) => {
    clearServerError();
    try {
      await reset({ variables: { login, code: values.code, password: values.password } });
      onDone();
    } catch (e) {
      showServerError(e);
    }
  });
  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      <p>
        Enviamos um código de 6 números por {sent.channel === 'SMS' ? 'SMS' : 'e-mail'} para{' '}
        <strong>{sent.destination}</strong>. Ele vale por 10 minutos.
      </p>
      <FormAlert message={serverError ?? resendError} />
      <TextField
        label="Código recebido"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...register('code')}
      />
      <ResendCodeButton onResend={onResend} sentAt={sent.sentAt} />
      <NewPasswordFields register={register} errors={errors} password={watch('password')} label="Nova senha" />
      <button type="submit" className="button button--primary button--block" disabled={loading}>
        {loading ? 'Salvando…' : 'Salvar nova senha'}
      </button>
    </form>
  );
}
