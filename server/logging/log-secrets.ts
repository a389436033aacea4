import { isValidCnpj } from '../../common/validation/cnpj';
import { isValidCpf } from '../../common/validation/cpf';

export interface SecretFinding {
  /** 1-based line of the log. */
  readonly line: number;
  readonly kind: 'token' | 'senha' | 'cpf' | 'cnpj';
  /** What was found, masked: the report of a leak must not leak it again. */
  readonly masked: string;
}

/** A signed JWT (header, payload, signature): an access, refresh or staff token. */
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g;
/** A JSON field whose name says it holds a secret, with a value the logger did not hide. */
const SECRET_FIELD =
  /"(password|senha|newPassword|currentPassword|refreshToken|refresh_token|access_token|token|authorization|cookie)":"(?!\[oculto\])([^"]{4,})"/gi;
/**
 * 11 or 14 digits standing alone, plain or with the whole of the usual punctuation: not a run inside a longer word,
 * such as the hexadecimal request id nginx makes (about one in 200 has 11 digits in a row that pass the CPF check),
 * nor a decimal number such as a response time (`18.854216000007`).
 */
const CPF_LIKE = /(?<![\w.\/-])(?:\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})(?![\w.\/-])/g;
const CNPJ_LIKE = /(?<![\w.\/-])(?:\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{14})(?![\w.\/-])/g;

const mask = (value: string) => (value.length <= 6 ? '***' : `${value.slice(0, 3)}…${value.slice(-2)}`);

/**
 * What must never be in the API's log, found in its text: tokens, passwords (the ones known to the run, and any
 * secret-named field left unhidden) and full CPFs or CNPJs (valid check digits, so an order number or a timestamp
 * is not one). A masked CPF (`529.***.***-25`) is not found, by design.
 */
export function secretsInLog(text: string, knownPasswords: readonly string[] = []): SecretFinding[] {
  const findings: SecretFinding[] = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    for (const [token] of content.matchAll(JWT)) findings.push({ line, kind: 'token', masked: mask(token) });
    for (const [, field, value] of content.matchAll(SECRET_FIELD)) {
      findings.push({
        line,
        kind: /pass|senha/i.test(field!) ? 'senha' : 'token',
        masked: `${field}: ${mask(value!)}`,
      });
    }
    for (const password of knownPasswords) {
      if (password !== '' && content.includes(password)) findings.push({ line, kind: 'senha', masked: mask(password) });
    }
    for (const [cpf] of content.matchAll(CPF_LIKE)) {
      if (isValidCpf(cpf)) findings.push({ line, kind: 'cpf', masked: mask(cpf) });
    }
    for (const [cnpj] of content.matchAll(CNPJ_LIKE)) {
      if (isValidCnpj(cnpj)) findings.push({ line, kind: 'cnpj', masked: mask(cnpj) });
    }
  });
  return findings;
}
