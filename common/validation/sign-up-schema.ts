import * as z from 'zod/mini';
import { onlyDigits } from '../format/digits';
import { isValidCpf } from './cpf';
import { passwordSchema, PASSWORD_MESSAGES } from './password';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** DDD 11–99 and a 9-digit celular starting with 9. */
export const isValidCelular = (value: string): boolean => /^[1-9][1-9]9\d{8}$/.test(onlyDigits(value));

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "dd/mm/aaaa" (what the member types) or "aaaa-mm-dd" (what the API returns) → ISO date of a real day, or null. */
export function parseDate(value: string): string | null {
  const br = BR_DATE.exec(value);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : ISO_DATE.test(value) ? value : null;
  if (!iso) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** Whole years between a YYYY-MM-DD birth date and `today`. */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

export const MIN_AGE = 18;

export const nameSchema = (empty: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, empty),
      z.maxLength(80, 'Use no máximo 80 caracteres.'),
      z.regex(/^[\p{L}][\p{L}' .-]*$/u, 'Use apenas letras.'),
    );

export const emailSchema = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1, 'Informe seu e-mail.'),
    z.maxLength(254, 'E-mail longo demais.'),
    z.refine((v) => EMAIL.test(v), 'E-mail inválido. Confira o endereço.'),
  ),
  z.transform((v: string) => v.toLowerCase()),
);

export const cpfSchema = z.pipe(
  z
    .string()
    .check(z.trim(), z.minLength(1, 'Informe seu CPF.'), z.refine(isValidCpf, 'CPF inválido. Confira os números.')),
  z.transform(onlyDigits),
);

export const celularSchema = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Informe seu celular.'),
      z.refine(isValidCelular, 'Celular inválido. Use DDD e número, como (11) 98765-4321.'),
    ),
  z.transform(onlyDigits),
);

/**
 * A birth date typed as dd/mm/aaaa (the one masked field of sign-up, kiosk and profile) or sent as aaaa-mm-dd by an
 * API client, of a member aged 18 to 120; it comes out as aaaa-mm-dd.
 */
export function birthDateSchema(today: () => Date) {
  return z.pipe(
    z.string().check(
      z.trim(),
      z.minLength(1, 'Informe sua data de nascimento.'),
      z.refine((v) => parseDate(v) !== null, 'Data inválida. Use dd/mm/aaaa.'),
      z.refine((v) => {
        const iso = parseDate(v);
        return iso === null || ageOn(iso, today()) >= MIN_AGE;
      }, 'O clube é para maiores de 18 anos.'),
      z.refine((v) => {
        const iso = parseDate(v);
        return iso === null || ageOn(iso, today()) <= 120;
      }, 'Confira o ano de nascimento.'),
    ),
    z.transform((v: string) => parseDate(v) ?? v),
  );
}

/** Sign-up step one: the same rules in the form and in the API. `today` is injectable for the age rule. */
export function signUpSchema(today: () => Date = () => new Date()) {
  return z.object({
    name: nameSchema('Informe seu nome.'),
    surName: nameSchema('Informe seu sobrenome.'),
    cpf: cpfSchema,
    email: emailSchema,
    phoneNumber: celularSchema,
    birthDate: birthDateSchema(today),
    acceptTerms: z.literal(true, 'Para participar, aceite os termos de uso e a política de privacidade.'),
    acceptEmailComunications: z.boolean(),
    acceptMessageComunications: z.boolean(),
  });
}

export type SignUpInput = z.input<ReturnType<typeof signUpSchema>>;

export const codeSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Informe o código.'), z.regex(/^\d{6}$/, 'O código tem 6 números.'));

/** A new password and its confirmation, shared by sign-up step two, recovery and password change. */
export const newPasswordFields = {
  password: passwordSchema,
  passwordConfirmation: z.string().check(z.minLength(1, 'Repita a senha.')),
};

export const matchingPasswords = <T extends { password: string; passwordConfirmation: string }>(v: T) =>
  v.password === v.passwordConfirmation;

export const MISMATCH = { message: PASSWORD_MESSAGES.mismatch, path: ['passwordConfirmation'] };

export const signUpSecondStepSchema = z
  .object({ code: codeSchema, ...newPasswordFields })
  .check(z.refine(matchingPasswords, MISMATCH));

export type SignUpSecondStepInput = z.input<typeof signUpSecondStepSchema>;

/** A new password and its confirmation alone: the kiosk sign-up finished on the customer's phone. */
export const newPasswordSchema = z.object(newPasswordFields).check(z.refine(matchingPasswords, MISMATCH));
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

/** /completar-cadastro: the CPF that finds a sign-up left after step one. */
export const resumeSignUpSchema = z.object({ cpf: cpfSchema });
export type ResumeSignUpInput = z.input<typeof resumeSignUpSchema>;
