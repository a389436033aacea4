'use client';
import type { ErrorLike } from '@apollo/client';
import { IntentLink } from '../ui/intent-link';
import { useForm } from 'react-hook-form';
import { errorMessage } from '@/lib/apollo/errors';
import { useRequestMutation, useRequestQuery } from '@/lib/graphql/use-request';
import { MCompleteHandoff, QHandoffSignUp } from '@/lib/kiosk/operations';
import { routes } from '@/common/routes';
import { useSessionStore } from '@/lib/session/store';
import { storeLabel } from '@/lib/stores/store-label';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { NewPasswordInput } from '@/common/validation/sign-up-schema';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { SubmitButton } from '../ui/submit-button';
import { NewPasswordFields } from '../forms/new-password-fields';
import { useFormServerError } from '../forms/use-form-server-error';

/**
 * /completar-cadastro?link=…: a sign-up started at a store kiosk, finished on the customer's own phone. The link came
 * by SMS (or the kiosk's QR), so it already proves the celular: only the password is asked. Success stores the
 * tokens and the gates take the new member on.
 */
export function HandoffScreen({ link }: { link: string }) {
  const { data, error, loading } = useRequestQuery(QHandoffSignUp, { variables: { link } });
  const setTokens = useSessionStore((s) => s.setTokens);
  const [complete, { loading: saving }] = useRequestMutation(MCompleteHandoff);
  const form = useForm<NewPasswordInput>({
    resolver: useLazyZodResolver(() => import('@/common/validation/sign-up-schema').then((m) => m.newPasswordSchema)),
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(form.setError, [
    'password',
    'passwordConfirmation',
  ]);

  const onSubmit = form.handleSubmit(async (values) => {
    clearServerError();
    try {
      const { data: done } = await complete({ variables: { link, password: values.password } });
      if (done) {
        const pair = done.completeHandoff;
        setTokens({ accessToken: pair.access_token, refreshToken: pair.refresh_token });
      }
    } catch (e) {
      showServerError(e);
    }
  });

  const signUp = data?.handoffSignUp;
  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{signUp ? `Olá, ${signUp.name}! Crie sua senha` : 'Terminar meu cadastro'}</h1>
      {loading && !signUp && <Spinner label="Buscando seu cadastro" />}
      {error && !signUp && (
        <>
          <p className="alert alert--error" role="alert">
            {errorMessage(error as ErrorLike)}
          </p>
          <p>
            <IntentLink href={routes.login()}>Entrar no clube</IntentLink> ou{' '}
            <IntentLink href={routes.signUp()}>fazer um novo cadastro</IntentLink>
          </p>
        </>
      )}
      {signUp && (
        <>
          <p className="muted">
            Seu cadastro {signUp.store ? `feito na ${storeLabel(signUp.store)}` : 'feito na loja'} está quase pronto. O
            celular {signUp.maskedPhone} já está confirmado: falta só a senha para você entrar no clube.
          </p>
          <form className="form" method="post" onSubmit={onSubmit} noValidate>
            <FormAlert message={serverError} />
            <NewPasswordFields
              register={form.register}
              errors={form.formState.errors}
              password={form.watch('password')}
              label="Crie uma senha"
            />
            <SubmitButton busy={saving} busyLabel="Criando…">
              Criar minha senha e entrar
            </SubmitButton>
          </form>
        </>
      )}
    </section>
  );
}
