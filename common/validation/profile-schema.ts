import * as z from 'zod/mini';
import { onlyDigits } from '../format/digits';
import { isValidCnpj, normaliseCnpj } from './cnpj';
import { INVALID_CHARACTERS_MESSAGE, isPlainText } from './plain-text';
import { CUSTOMER_TYPES, GENDERS, GRADE_MAX, GRADE_MIN } from './profile-options';
import {
  birthDateSchema,
  celularSchema,
  codeSchema,
  emailSchema,
  matchingPasswords,
  MISMATCH,
  newPasswordFields,
} from './sign-up-schema';

export { parseDate } from './sign-up-schema';
export * from './profile-options';

/**
 * The profile, workshop and survey forms: one schema per form, used by the form and again by the API, so both
 * refuse the same input with the same pt-BR message.
 */

const text = (max: number, empty?: string) => {
  const base = z
    .string()
    .check(
      z.trim(),
      z.maxLength(max, `Use no máximo ${max} caracteres.`),
      z.refine(isPlainText, INVALID_CHARACTERS_MESSAGE),
    );
  return empty ? base.check(z.minLength(1, empty)) : base;
};

const emptyToNull = z.transform((v: string) => (v === '' ? null : v));

/** Optional text: empty becomes null. */
const optionalText = (max: number) =>
  z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(max, `Use no máximo ${max} caracteres.`),
        z.refine(isPlainText, INVALID_CHARACTERS_MESSAGE),
      ),
    emptyToNull,
  );

export const cepSchema = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1, 'Informe o CEP.'),
    z.refine((v) => /^\d{5}-?\d{3}$/.test(v), 'CEP inválido. Use 8 números, como 01310-100.'),
  ),
  z.transform(onlyDigits),
);

const optionalCep = z.pipe(
  z.string().check(
    z.trim(),
    z.refine((v) => v === '' || /^\d{5}-?\d{3}$/.test(v), 'CEP inválido. Use 8 números, como 01310-100.'),
  ),
  z.transform((v: string) => (v === '' ? null : onlyDigits(v))),
);

const idSchema = (empty: string) => z.string().check(z.trim(), z.minLength(1, empty), z.regex(/^\d{1,9}$/, empty));

const optionalId = z.pipe(
  z.string().check(
    z.trim(),
    z.refine((v) => v === '' || /^\d{1,9}$/.test(v), 'Opção inválida.'),
  ),
  emptyToNull,
);

const cityNameSchema = z.string().check(
  z.trim(),
  z.maxLength(80, 'Use no máximo 80 caracteres.'),
  z.refine((v) => v === '' || /^[\p{L}][\p{L}' .-]*$/u.test(v), 'Use apenas letras no nome da cidade.'),
);

export function profileSchema(today: () => Date = () => new Date()) {
  return z.object({
    birthDate: birthDateSchema(today),
    gender: z.enum(
      GENDERS.map((g) => g.value),
      'Escolha uma opção.',
    ),
    careerId: idSchema('Escolha sua profissão.'),
    cep: cepSchema,
    address: text(120, 'Informe o endereço.'),
    number: text(10, 'Informe o número (ou S/N).'),
    complement: optionalText(60),
    district: text(80, 'Informe o bairro.'),
    stateId: idSchema('Escolha o estado.'),
    cityName: cityNameSchema.check(z.refine((v) => v !== '', 'Informe a cidade.')),
    acceptEmailComunications: z.boolean(),
    acceptMessageComunications: z.boolean(),
  });
}

export type ProfileFormInput = z.input<ReturnType<typeof profileSchema>>;
export type ProfileData = z.output<ReturnType<typeof profileSchema>>;

/** A social network handle as members type it: "@suamarcenaria", or the bare name with no dot or slash. */
const HANDLE = /^@?([A-Za-z0-9_][A-Za-z0-9._-]{0,49})$/;

/**
 * Adds https:// when the member leaves it out, then checks the host. With `handleHost`, a handle ("@suamarcenaria")
 * becomes the profile's address on that host, so the API and every screen keep one shape: the full URL.
 */
function urlSchema(hosts: readonly string[] | null, message: string, handleHost?: string) {
  const withScheme = z.pipe(
    z.string().check(z.trim(), z.maxLength(200, 'Use no máximo 200 caracteres.')),
    z.transform((v: string) => {
      const handle = handleHost ? HANDLE.exec(v) : null;
      if (handle && (v.startsWith('@') || !v.includes('.'))) return `https://${handleHost}/${handle[1]}`;
      return v === '' || /^https?:\/\//i.test(v) ? v : `https://${v}`;
    }),
  );
  const checked = withScheme.check(
    z.refine((v) => {
      if (v === '') return true;
      try {
        const url = new URL(v);
        if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
        const host = url.hostname.toLowerCase();
        if (hosts === null) return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host);
        return hosts.some((h) => host === h || host.endsWith(`.${h}`)) && url.pathname.length > 1;
      } catch {
        return false;
      }
    }, message),
  );
  return z.pipe(checked, emptyToNull);
}

export const workshopSchema = z
  .object({
    corporateName: optionalText(150),
    fantasyName: optionalText(150),
    cep: optionalCep,
    address: optionalText(120),
    number: optionalText(10),
    complement: optionalText(60),
    district: optionalText(80),
    stateId: optionalId,
    cityName: z.pipe(cityNameSchema, emptyToNull),
    siteUrl: urlSchema(null, 'Endereço inválido. Exemplo: www.suamarcenaria.com.br'),
    instagramUrl: urlSchema(
      ['instagram.com'],
      'Use o @ do perfil ou o endereço, como @suamarcenaria ou instagram.com/suamarcenaria',
      'instagram.com',
    ),
    facebookUrl: urlSchema(
      ['facebook.com', 'fb.com'],
      'Use o @ da página ou o endereço, como @suamarcenaria ou facebook.com/suamarcenaria',
      'facebook.com',
    ),
  })
  .check(
    z.refine((v) => v.cityName === null || v.stateId !== null, {
      message: 'Escolha o estado da cidade.',
      path: ['stateId'],
    }),
  );

export type WorkshopFormInput = z.input<typeof workshopSchema>;
export type WorkshopData = z.output<typeof workshopSchema>;

const grade = z.nullable(
  z
    .number('Escolha uma nota.')
    .check(
      z.int('Escolha uma nota.'),
      z.gte(GRADE_MIN, `Notas de ${GRADE_MIN} a ${GRADE_MAX}.`),
      z.lte(GRADE_MAX, `Notas de ${GRADE_MIN} a ${GRADE_MAX}.`),
    ),
);

export const surveySchema = z.object({
  employeesAmount: z.nullable(
    z
      .number('Informe um número inteiro.')
      .check(
        z.int('Informe um número inteiro.'),
        z.gte(0, 'Informe um número de 0 a 10000.'),
        z.lte(10000, 'Informe um número de 0 a 10000.'),
      ),
  ),
  customerType: z.nullable(
    z.enum(
      CUSTOMER_TYPES.map((c) => c.value),
      'Escolha uma opção.',
    ),
  ),
  bedroomProjectGrade: grade,
  kitchenProjectGrade: grade,
  bathroomProjectGrade: grade,
  laundryProjectGrade: grade,
  livingRoomProjectGrade: grade,
  otherProjectTypes: optionalText(300),
  equipmentIds: z.pipe(
    z
      .array(z.string().check(z.regex(/^\d{1,9}$/, 'Equipamento inválido.')))
      .check(z.maxLength(50, 'Escolha no máximo 50 equipamentos.')),
    z.transform((ids: string[]) => [...new Set(ids)]),
  ),
  otherEquipments: optionalText(300),
});

export type SurveyFormInput = z.input<typeof surveySchema>;
export type SurveyData = z.output<typeof surveySchema>;

export const cnpjSchema = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Informe o CNPJ.'),
      z.maxLength(24, 'CNPJ inválido. Confira os caracteres.'),
      z.refine(isValidCnpj, 'CNPJ inválido. Confira os números e letras.'),
    ),
  z.transform(normaliseCnpj),
);

export const changeCnpjSchema = z.object({ cnpj: cnpjSchema });
export type ChangeCnpjInput = z.input<typeof changeCnpjSchema>;

export const changePhoneSchema = z.object({ phoneNumber: celularSchema });
export type ChangePhoneInput = z.input<typeof changePhoneSchema>;

export const phoneCodeSchema = z.object({ code: codeSchema });
export type PhoneCodeInput = z.input<typeof phoneCodeSchema>;

export const changeEmailSchema = z.object({ email: emailSchema });
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const deleteAccountSchema = z.object({
  password: z.string().check(z.minLength(1, 'Informe sua senha.'), z.maxLength(1024, 'Senha incorreta.')),
  confirmation: z.literal(true, 'Confirme que entende que a exclusão não pode ser desfeita.'),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** Changing the password: the current one unless the club requires the change (then the member has no other). */
export function passwordChangeSchema(askCurrent: boolean) {
  const currentPassword = askCurrent ? z.string().check(z.minLength(1, 'Informe sua senha atual.')) : z.string();
  return z.object({ currentPassword, ...newPasswordFields }).check(z.refine(matchingPasswords, MISMATCH));
}
export type PasswordChangeInput = z.input<ReturnType<typeof passwordChangeSchema>>;
