import * as z from 'zod/mini';
import { isValidCpf } from './cpf';
import { classifyLoginIdentifier, type LoginVariant } from './login-identifier';

const RULES: Record<LoginVariant, { empty: string; invalid: string; valid: (v: string) => boolean }> = {
  any: {
    empty: 'Informe seu CPF, e-mail ou celular.',
    invalid: 'Digite um CPF, e-mail ou celular válido.',
    valid: (v) => classifyLoginIdentifier(v).kind !== 'unknown',
  },
  cpf: { empty: 'Informe seu CPF.', invalid: 'CPF inválido. Confira os números.', valid: isValidCpf },
  email: {
    empty: 'Informe seu e-mail.',
    invalid: 'E-mail inválido. Confira o endereço.',
    valid: (v) => classifyLoginIdentifier(v).kind === 'email',
  },
  phone: {
    empty: 'Informe seu celular.',
    invalid: 'Celular inválido. Use DDD e número, como (11) 98765-4321.',
    // Eleven digits can be a celular and a valid CPF at once, (11) 97042-6101 for one: on this page they are a
    // celular (the API looks such a login up by CPF, then by celular).
    valid: (v) => ['phone', 'cpf'].includes(classifyLoginIdentifier(v).kind),
  },
};

export function loginSchema(variant: LoginVariant) {
  const rule = RULES[variant];
  return z.object({
    login: z.string().check(z.trim(), z.minLength(1, rule.empty), z.refine(rule.valid, rule.invalid)),
    password: z.string().check(z.minLength(1, 'Informe sua senha.')),
  });
}

export type LoginInput = z.infer<ReturnType<typeof loginSchema>>;
