'use client';
import { IntentLink } from '../ui/intent-link';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '@/lib/apollo/errors';
import { maskCpf, maskPhone } from '@/common/format/masks';
import { MUserLogin } from '@/lib/auth/operations';
import { useRequestMutation } from '@/lib/graphql/use-request';
import { routes } from '@/common/routes';
import { useSessionStore } from '@/lib/session/store';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import { LOGIN_FIELD_LABEL, type LoginVariant } from '@/common/validation/login-identifier';
import type { LoginInput } from '@/common/validation/login-schema';
import { FormAlert } from '../ui/form-alert';
import { TextField } from '../ui/text-field';
import { EarlySubmit, takeEarlySubmit } from './early-submit';
import { HumanCheck, useHumanCheck } from './human-check';
import { SubmitButton } from '../ui/submit-button';
import { maskedChange } from '../ui/masked-change';
import { PasswordField } from '../ui/password-field';

const INPUT_PROPS: Record<
  LoginVariant,
  { type: string; inputMode?: 'numeric' | 'email' | 'tel'; autoComplete: string }
> = {
  any: { type: 'text', autoComplete: 'username' },
  cpf: { type: 'text', inputMode: 'numeric', autoComplete: 'username' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' },
};

const MASKS: Partial<Record<LoginVariant, (v: string) => string>> = { cpf: maskCpf, phone: maskPhone };

/** Login by CPF, e-mail or celular and password. On success the tokens are stored and the gates take over. */
export function LoginForm({ variant }: { variant: LoginVariant }) {
  const setTokens = useSessionStore((s) => s.setTokens);
  const [serverError, setServerError] = useState<string | null>(null);
  const [login, { loading }] = useRequestMutation(MUserLogin);
  // From the tap to the answer, the human check's solve included (it may start only with the send).
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const human = useHumanCheck();
  const {
    register,
    handleSubmit,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: useLazyZodResolver(() => import('@/common/validation/login-schema').then((m) => m.loginSchema(variant))),
    defaultValues: { login: '', password: '' },
  });
  const mask = MASKS[variant];

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setSending(true);
    try {
      const check = await human.take();
      if (!check) {
        setSending(false);
        return;
      }
      const { data } = await login({ variables: { ...values, ...check } });
      if (data?.userLogin) {
        // Still "Entrando…" until the gates take the member on.
        setTokens({ accessToken: data.userLogin.token, refreshToken: data.userLogin.refresh_token });
        return;
      }
      setSending(false);
    } catch (error) {
      setServerError(errorMessage(error as Error));
      human.reset();
      setSending(false);
    }
  });

  // Sent before this script arrived: send it now with what is in the fields.
  useEffect(() => {
    const element = form.current;
    if (!element || !takeEarlySubmit(element)) return;
    const typed = new FormData(element);
    setValue('login', String(typed.get('login') ?? ''));
    setValue('password', String(typed.get('password') ?? ''));
    element.requestSubmit();
  }, [setValue]);

  return (
    <form ref={form} className="form" method="post" onSubmit={onSubmit} noValidate>
      <EarlySubmit />
      <FormAlert message={serverError} />
      <TextField
        label={LOGIN_FIELD_LABEL[variant]}
        error={errors.login?.message}
        {...INPUT_PROPS[variant]}
        {...register('login', {
          onChange: mask ? maskedChange({ setValue, getFieldState }, 'login', mask) : undefined,
        })}
      />
      <PasswordField
        label="Senha"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <HumanCheck ref={human.ref} error={human.error} />
      <SubmitButton busy={loading || sending} busyLabel="Entrando…" sendsBeforeScripts>
        Entrar
      </SubmitButton>
      <p className="form__early" role="status">
        Entrando… o envio segue assim que a página terminar de carregar.
      </p>
      <p className="form__links">
        <IntentLink href={routes.forgotPassword()}>Esqueci minha senha</IntentLink>
      </p>
    </form>
  );
}
