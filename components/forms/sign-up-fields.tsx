import { useId, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { config } from '@/lib/config';
import { maskCpf, maskDate, maskPhone } from '@/common/format/masks';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { SignUpInput } from '@/common/validation/sign-up-schema';
import { CheckboxField } from '../ui/checkbox-field';
import { maskedChange } from '../ui/masked-change';
import { TextField } from '../ui/text-field';

export const SIGN_UP_FIELDS = ['name', 'surName', 'cpf', 'email', 'phoneNumber', 'birthDate', 'acceptTerms'] as const;

/** The sign-up step-one form state: the same schema and defaults on the site and at the kiosk. */
export function useSignUpForm(): UseFormReturn<SignUpInput> {
  return useForm<SignUpInput>({
    resolver: useLazyZodResolver(() => import('@/common/validation/sign-up-schema').then((m) => m.signUpSchema())),
    defaultValues: {
      name: '',
      surName: '',
      cpf: '',
      email: '',
      phoneNumber: '',
      birthDate: '',
      acceptTerms: false as unknown as true,
      // LGPD: consent to marketing is a free, unambiguous act of the person, so every opt-in starts unticked.
      acceptEmailComunications: false,
      acceptMessageComunications: false,
    },
  });
}

/**
 * What the session-security component collects and why, said where the member agrees to the privacy policy (LGPD art.
 * 7, IX: legitimate interest in preventing points fraud). Kept in words a member reads in one go.
 */
export const DEVICE_DATA_NOTE =
  'Para proteger os pontos de todos contra fraudes, o clube registra dados deste aparelho: modelo, navegador, ' +
  'endereço IP, fuso horário e se a janela é anônima. A localização só é lida se você já a tiver permitido.';

const siteLegalLinks = (
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
);

/**
 * Step one's fields (who the member is), shared by the site's sign-up and the store kiosk. The kiosk passes its own
 * terms label (it must not open links that leave it) and turns the browser's autofill off on a shared screen.
 */
export function SignUpFields({
  form,
  termsLabel = siteLegalLinks,
  shared = false,
}: {
  form: UseFormReturn<SignUpInput>;
  termsLabel?: ReactNode;
  shared?: boolean;
}) {
  const auto = (value: string) => (shared ? 'off' : value);
  const deviceNoteId = useId();
  return (
    <>
      <div className="form__row">
        <TextField
          label="Nome"
          autoComplete={auto('given-name')}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Sobrenome"
          autoComplete={auto('family-name')}
          error={form.formState.errors.surName?.message}
          {...form.register('surName')}
        />
      </div>
      <TextField
        label="CPF"
        inputMode="numeric"
        autoComplete="off"
        error={form.formState.errors.cpf?.message}
        {...form.register('cpf', {
          onChange: maskedChange(form, 'cpf', maskCpf),
        })}
      />
      <TextField
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete={auto('email')}
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Celular"
        type="tel"
        inputMode="tel"
        autoComplete={auto('tel-national')}
        hint={
          shared ? 'Enviaremos um SMS com o link para criar sua senha.' : 'Enviaremos um código por SMS para confirmar.'
        }
        error={form.formState.errors.phoneNumber?.message}
        {...form.register('phoneNumber', {
          onChange: maskedChange(form, 'phoneNumber', maskPhone),
        })}
      />
      <TextField
        label="Data de nascimento"
        inputMode="numeric"
        placeholder="dd/mm/aaaa"
        autoComplete={auto('bday')}
        error={form.formState.errors.birthDate?.message}
        {...form.register('birthDate', {
          onChange: maskedChange(form, 'birthDate', maskDate),
        })}
      />
      <CheckboxField
        label={termsLabel}
        error={form.formState.errors.acceptTerms?.message}
        aria-describedby={deviceNoteId}
        {...form.register('acceptTerms')}
      />
      <p className="field__hint" id={deviceNoteId}>
        {DEVICE_DATA_NOTE}
      </p>
      <fieldset className="fieldset">
        <legend>Quero receber novidades e promoções do clube</legend>
        <CheckboxField label="Por e-mail" {...form.register('acceptEmailComunications')} />
        <CheckboxField label="Por SMS e WhatsApp" {...form.register('acceptMessageComunications')} />
      </fieldset>
    </>
  );
}
