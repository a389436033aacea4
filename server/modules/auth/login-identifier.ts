import { isValidCpf } from '../../../common/validation/cpf';

/**
 * How a login string is looked up. `cpfOrPhone` is an 11-digit value that passes the CPF check digits: looked up as
 * a CPF first, then as a phone, because some valid celulares also pass the CPF check.
 */
export type LoginLookup =
  | { kind: 'email'; email: string }
  | { kind: 'cpfOrPhone'; digits: string }
  | { kind: 'phone'; digits: string }
  | { kind: 'none' };

export interface ParsedLogin {
  readonly lookup: LoginLookup;
  /** The key the rate limiter counts under: every spelling of the same CPF, e-mail or celular shares it. */
  readonly limiterKey: string;
}

export function parseLogin(login: string): ParsedLogin {
  const raw = login.trim();
  if (raw.includes('@')) {
    const email = raw.toLowerCase();
    return { lookup: { kind: 'email', email }, limiterKey: `email:${email}` };
  }
  let digits = raw.replace(/\D/g, '');
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) {
    digits = digits.slice(2);
    return { lookup: { kind: 'phone', digits }, limiterKey: `digits:${digits}` };
  }
  if (digits.length === 11 && isValidCpf(digits)) {
    return { lookup: { kind: 'cpfOrPhone', digits }, limiterKey: `digits:${digits}` };
  }
  if (digits.length === 10 || digits.length === 11) {
    return { lookup: { kind: 'phone', digits }, limiterKey: `digits:${digits}` };
  }
  return { lookup: { kind: 'none' }, limiterKey: `other:${raw.toLowerCase().slice(0, 200)}` };
}
