'use client';
import { IntentLink } from '../ui/intent-link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { maskCpf } from '@/common/format/masks';
import { MResumeSignUp } from '@/lib/auth/operations';
import { useRequestMutation } from '@/lib/graphql/use-request';
import { routes } from '@/common/routes';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { ResumeSignUpInput } from '@/common/validation/sign-up-schema';
import { FormAlert } from '../ui/form-alert';
import { TextField } from '../ui/text-field';
import { HumanCheck, useHumanCheck } from './human-check';
import { SignUpCodeForm } from './sign-up-code-form';
import type { PendingSignUp } from './sign-up-form';
import { useFormServerError } from '../forms/use-form-server-error';
import { SubmitButton } from '../ui/submit-button';
import { maskedChange } from '../ui/masked-change';

/** /completar-cadastro: finish a sign-up left after step one. The CPF finds it; a new code goes to its celular. */
export function ResumeSignUpScreen() {
  const [pending, setPending] = useState<PendingSignUp | null>(null);
  const [resume, { loading }] = useRequestMutation(MResumeSignUp);
  const human = useHumanCheck();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    getFieldState,
    formState: { errors },
  } = useForm<ResumeSignUpInput>({
    resolver: useLazyZodResolver(() => import('@/common/validation/sign-up-schema').then((m) => m.resumeSignUpSchema)),
    defaultValues: { cpf: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(setError, ['cpf']);

  const onSubmit = handleSubmit(async () => {
    clearServerError();
    const check = await human.take();
    if (!check) return;
    try {
      const { data } = await resume({ variables: { cpf: getValues('cpf'), ...check } });
      if (data) {
        const step = data.resumeSignUp;
        setPending({ signupId: step.signupId, maskedPhone: step.maskedPhone, sentAt: Date.now() });
      }
    } catch (error) {
      showServerError(error);
      human.reset();
    }
  });

  return (
    <section className="card card--narrow" aria-labelledby="resume-title">
      <h1 id="resume-title">{pending ? 'Confirme seu celular' : 'Continuar meu cadastro'}</h1>
      {pending ? (
        <SignUpCodeForm pending={pending} onRestart={() => setPending(null)} />
      ) : (
        <form className="form" method="post" onSubmit={onSubmit} noValidate>
          <p className="muted">
            Começou o cadastro e não terminou? Informe seu CPF e enviaremos um novo código para o celular cadastrado.
          </p>
          <FormAlert message={serverError} />
          <TextField
            label="CPF"
            inputMode="numeric"
            autoComplete="off"
            error={errors.cpf?.message}
            {...register('cpf', {
              onChange: maskedChange({ setValue, getFieldState }, 'cpf', maskCpf),
            })}
          />
          <HumanCheck ref={human.ref} error={human.error} />
          <SubmitButton busy={loading} busyLabel="Enviando…">
            Enviar código
          </SubmitButton>
        </form>
      )}
      <p className="login__signup">
        Ainda não começou? <IntentLink href={routes.signUp()}>Cadastre-se</IntentLink>
      </p>
    </section>
  );
}
