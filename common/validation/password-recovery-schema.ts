import * as z from 'zod/mini';
import { codeSchema, matchingPasswords, MISMATCH, newPasswordFields } from './sign-up-schema';

export const recoveryIdentifierSchema = z.object({
  login: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Informe seu CPF, e-mail ou celular.'),
      z.maxLength(254, 'Digite um CPF, e-mail ou celular válido.'),
    ),
});

export type RecoveryIdentifierInput = z.input<typeof recoveryIdentifierSchema>;

export const recoveryChannelSchema = z.object({
  channel: z.enum(['SMS', 'EMAIL'], 'Escolha onde quer receber o código.'),
});

export const recoveryResetSchema = z
  .object({ code: codeSchema, ...newPasswordFields })
  .check(z.refine(matchingPasswords, MISMATCH));

export type RecoveryResetInput = z.input<typeof recoveryResetSchema>;
