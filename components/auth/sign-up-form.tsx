'use client';
import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { config } from '@/lib/config';
import { maskCpf, maskPhone } from '@/lib/format/masks';
import { MCreateUser } from '@/lib/graphql/auth-operations';
import { signUpSchema, type SignUpInput } from '@/lib/validation/sign-up-schema';
import { CheckboxField } from '../ui/checkbox-field';
import { FormAlert } from '../ui/form-alert';
import { TextField } from '../ui/text-field';
import { HumanCheck, useHumanCheck } from './human-check';
import { useFormServerError } from './use-form-server-error';
import { SubmitButton } from '../ui/submit-button';
import { maskedChange } from '../ui/masked-change';

export interface PendingSignUp {
  signupId: string;
  maskedPhone: string;
  sentAt: number;
}

const FIELDS = ['name', 'surName', 'cpf', 'email', 'phoneNumber', 'birthDate', 'acceptTerms'] as const;

/** Sign-up step one: who the member is. The API keeps it and texts a code to the celular. */
export function SignUpForm({
  subsidiarySlug,
  onSent,
}: {
  subsidiarySlug: string | null;
  onSent: (pending: PendingSignUp) => void;
}) {
  const [createUser, { loading }] = useMutation(MCreateUser);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    getFieldState,
    formState: { errors },
  } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema()),
    defaultValues: {
      name: '',
      surName: '',
      cpf: '',
      email: '',
      phoneNumber: '',
      birthDate: '',
      acceptTerms: false as unknown as true,
      acceptEmailComunications: true,
      acceptMessageComunications: true,
    },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(setError, FIELDS);
  const human = useHumanCheck();

  // The API gets what the member typed; it applies the same schema again.
  const onSubmit = handleSubmit(async () => {
    clearServerError();
    const check = human.take();
    if (!check) return;
    try {
      const { data } = await createUser({ variables: { input: getValues(), subsidiarySlug, ...check } });
      if (data)
        onSent({ signupId: data.createUser.signupId, maskedPhone: data.createUser.maskedPhone, sentAt: Date.now() });
    } catch (error) {
      showServerError(error);
      human.reset();
    }
  });

  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      <FormAlert message={serverError} />
      <div className="form__row">
        <TextField label="Nome" autoComplete="given-name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Sobrenome"
          autoComplete="family-name"
          error={errors.surName?.message}
          {...register('surName')}
        />
      </div>
      <TextField
        label="CPF"
        inputMode="numeric"
        autoComplete="off"
        error={errors.cpf?.message}
        {...register('cpf', {
          onChange: maskedChange({ setValue, getFieldState }, 'cpf', maskCpf),
        })}
      />
      <TextField
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Celular"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hint="Enviaremos um código por SMS para confirmar."
        error={errors.phoneNumber?.message}
        {...register('phoneNumber', {
          onChange: maskedChange({ setValue, getFieldState }, 'phoneNumber', maskPhone),
        })}
      />
      <TextField
        label="Data de nascimento"
        type="date"
        autoComplete="bday"
        error={errors.birthDate?.message}
        {...register('birthDate')}
      />
      <CheckboxField
        label={
          <>
            Li e aceito os{' '}
            <a href={config.links.termsOfUse} target="_blank" rel="noopener noreferrer">
              termos de uso
            </a>{' '}
            e a{' '}
            <a href={config.links.privacyPolicy} target="_blank" rel="noopener noreferrer">
              política de privacidade
            </a>
          </>
        }
        error={errors.acceptTerms?.message}
        {...register('acceptTerms')}
      />
      <fieldset className="fieldset">
        <legend>Quero receber novidades e promoções do clube</legend>
        <CheckboxField label="Por e-mail" {...register('acceptEmailComunications')} />
        <CheckboxField label="Por SMS e WhatsApp" {...register('acceptMessageComunications')} />
      </fieldset>
      <HumanCheck ref={human.ref} error={human.error} />
      <SubmitButton busy={loading} busyLabel="Enviando…">
        Continuar
      </SubmitButton>
    </form>
  );
}
