import { onlyDigits } from '../format/digits';
import { isValidCpf } from './cpf';

/** Which identifiers a login page asks for: /login takes any of the three, /login-cpf and the others one. */
export type LoginVariant = 'any' | 'cpf' | 'email' | 'phone';

export const LOGIN_FIELD_LABEL: Record<LoginVariant, string> = {
  any: 'CPF, e-mail ou celular',
  cpf: 'CPF',
  email: 'E-mail',
  phone: 'Celular',
};

export type LoginIdentifier =
  | { kind: 'email'; value: string }
  | { kind: 'cpf'; value: string }
  | { kind: 'phone'; value: string }
  | { kind: 'unknown'; value: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Tells a CPF, an e-mail and a celular apart in the single login field. An 11-digit number that passes the CPF
 * check digits is read as a CPF; the server also tries it as a phone when no member has that CPF.
 */
export function classifyLoginIdentifier(input: string): LoginIdentifier {
  const raw = input.trim();
  if (raw.includes('@'))
    return EMAIL.test(raw) ? { kind: 'email', value: raw.toLowerCase() } : { kind: 'unknown', value: raw };
  if (/[^\d\s().+\-]/.test(raw)) return { kind: 'unknown', value: raw };
  let digits = onlyDigits(raw);
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length === 11 && isValidCpf(digits)) return { kind: 'cpf', value: digits };
  if (digits.length === 10 || digits.length === 11) return { kind: 'phone', value: digits };
  return { kind: 'unknown', value: raw };
}
