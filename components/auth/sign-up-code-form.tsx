'use client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MCreateUserSecondStep, MResendCode } from '@/lib/auth/operations';
import { useRequestMutation } from '@/lib/graphql/use-request';
import { useSessionStore } from '@/lib/session/store';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { SignUpSecondStepInput } from '@/common/validation/sign-up-schema';
import { FormAlert } from '../ui/form-alert';
import { TextField } from '../ui/text-field';
import { NewPasswordFields } from '../forms/new-password-fields';
import { ResendCodeButton } from '../forms/resend-code-button';
import type { PendingSignUp } from './sign-up-form';
import { useFormServerError } from '../forms/use-form-server-error';

const FIELDS = ['code', 'password', 'passwordConfirmation'] as const;

/** Sign-up step two: the SMS code and the password. Success stores the tokens; the gates take the member on. */
export function SignUpCodeForm({ pending, onRestart }: { pending: PendingSignUp; onRestart: () => void }) {
  const setTokens = useSessionStore((s) => s.setTokens);
  const [sentAt, setSentAt] = useState(pending.sentAt);
  const [notice, setNotice] = useState<string | null>(null);
  const [finish, { loading }] = useRequestMutation(MCreateUserSecondStep);
  const [resend] = useRequestMutation(MResendCode);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<SignUpSecondStepInput>({
    resolver: useLazyZodResolver(() =>
      import('@/common/validation/sign-up-schema').then((m) => m.signUpSecondStepSchema),
    ),
    defaultValues: { code: '', password: '', passwordConfirmation: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(setError, FIELDS);

  const onSubmit = handleSubmit(async (values) => {
    clearServerError();
    try {
      const { data } = await finish({
        variables: { input: { signupId: pending.signupId, code: values.code, password: values.password } },
      });
      if (data) {
        const pair = data.createUserSecondStep;
        setTokens({ accessToken: pair.access_token, refreshToken: pair.refresh_token });
      }
    } catch (error) {
      showServerError(error);
    }
  });

  const onResend = async () => {
    clearServerError();
    setNotice(null);
    try {
      await resend({ variables: { signupId: pending.signupId } });
      setSentAt(Date.now());
      setNotice(`Enviamos um novo código para ${pending.maskedPhone}.`);
    } catch (error) {
      showServerError(error);
    }
  };

  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      <p>
        Enviamos um código de 6 números por SMS para <strong>{pending.maskedPhone}</strong>. Ele vale por 10 minutos.
      </p>
      <FormAlert message={serverError} />
      {notice && (
        <p className="alert alert--info" role="status">
          {notice}
        </p>
      )}
      <TextField
        label="Código recebido por SMS"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...register('code')}
      />
      <ResendCodeButton onResend={onResend} sentAt={sentAt} />
      <NewPasswordFields register={register} errors={errors} password={watch('password')} label="Crie uma senha" />
      <button type="submit" className="button button--primary button--block" disabled={loading}>
        {loading ? 'Criando sua conta…' : 'Criar conta'}
      </button>
      <p className="form__links">
        <button type="button" className="link-button" onClick={onRestart}>
          Corrigir meus dados
        </button>
      </p>
    </form>
  );
}
