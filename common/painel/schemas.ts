import * as z from 'zod/mini';
import { passwordSchema, PASSWORD_MESSAGES } from '../validation/password';
import { isPlainText, INVALID_CHARACTERS_MESSAGE } from '../validation/plain-text';
import { STAFF_ROLES } from './roles';

/**
 * The painel's form rules, shared with the API (server/modules/staff parses the same input with them): the forms show
 * each message under its field, the API answers the same message in BAD_USER_INPUT's `fields`.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const STAFF_MESSAGES = {
  emailEmpty: 'Informe o e-mail.',
  emailInvalid: 'E-mail inválido. Confira o endereço.',
  passwordEmpty: 'Informe sua senha.',
  codeEmpty: 'Informe o código do aplicativo autenticador.',
  codeInvalid: 'O código tem 6 números: digite o que o aplicativo autenticador mostra agora.',
  nameEmpty: 'Informe o nome.',
  nameLong: 'Use no máximo 100 caracteres.',
  rolesEmpty: 'Escolha ao menos uma função.',
  confirmation: 'As senhas não são iguais.',
} as const;

export const staffEmailSchema = z.pipe(
  z.string().check(
    z.trim(),
    z.minLength(1, STAFF_MESSAGES.emailEmpty),
    z.maxLength(254, 'E-mail longo demais.'),
    z.refine((v) => EMAIL.test(v), STAFF_MESSAGES.emailInvalid),
  ),
  z.transform((v: string) => v.toLowerCase()),
);

/** Six digits; spaces are dropped, as some apps show the code as "123 456". */
export const totpCodeSchema = z.pipe(
  z.string().check(
    z.minLength(1, STAFF_MESSAGES.codeEmpty),
    z.refine((v) => /^\d{6}$/.test(v.replace(/\s/g, '')), STAFF_MESSAGES.codeInvalid),
  ),
  z.transform((v: string) => v.replace(/\s/g, '')),
);

export const staffLoginSchema = z.object({
  email: staffEmailSchema,
  password: z.string().check(z.minLength(1, STAFF_MESSAGES.passwordEmpty), z.maxLength(1024, PASSWORD_MESSAGES.long)),
  code: totpCodeSchema,
});

/** What the API takes from the set-up page: a password by the members' rules and the authenticator's first code. */
export const staffSetupSchema = z.object({ password: passwordSchema, code: totpCodeSchema });

/** The set-up form: the same, with the password typed twice. */
export const staffSetupFormSchema = z
  .object({ password: passwordSchema, passwordConfirmation: z.string(), code: totpCodeSchema })
  .check(
    z.refine((v) => v.password === v.passwordConfirmation, {
      message: STAFF_MESSAGES.confirmation,
      path: ['passwordConfirmation'],
    }),
  );

export const staffRolesSchema = z
  .array(z.enum(STAFF_ROLES))
  .check(z.minLength(1, STAFF_MESSAGES.rolesEmpty), z.maxLength(STAFF_ROLES.length, STAFF_MESSAGES.rolesEmpty));

export const staffInviteSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, STAFF_MESSAGES.nameEmpty),
      z.maxLength(100, STAFF_MESSAGES.nameLong),
      z.refine(isPlainText, INVALID_CHARACTERS_MESSAGE),
    ),
  email: staffEmailSchema,
  roles: staffRolesSchema,
});

export type StaffLoginInput = z.output<typeof staffLoginSchema>;
export type StaffInviteInput = z.output<typeof staffInviteSchema>;
