// The password rules without zod: the strength hint renders with the form, the schema loads when it is sent.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The passwords people pick first, in Portuguese and English (NIST 800-63B: block known-bad passwords instead of
 * imposing composition rules). Compared without case and accents.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '87654321',
  '11111111',
  '00000000',
  '88888888',
  '99999999',
  '12341234',
  '11223344',
  '123123123',
  '147258369',
  '159753456',
  'abcd1234',
  'abc12345',
  'a1b2c3d4',
  'qwerty123',
  'qwertyui',
  'asdfghjk',
  'zxcvbnm1',
  'password',
  'password1',
  'password123',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'whatever',
  'trustno1',
  'welcome1',
  'admin123',
  'senha123',
  'senha1234',
  'senha12345',
  'minhasenha',
  'mudar123',
  'trocar123',
  'brasil123',
  'brasil2026',
  'flamengo',
  'flamengo1',
  'corinthians',
  'palmeiras',
  'saopaulo',
  'vasco123',
  'gremio123',
  'cruzeiro',
  'santos123',
  'botafogo',
  'fluminense',
  'internacional',
  'marceneiro',
  'marcenaria',
  'marceneiro1',
  'marcenaria1',
  'madeira123',
  'serragem',
  'carpinteiro',
  'moveis123',
  'deusefiel',
  'jesuscristo',
  'jesus123',
  'amor1234',
  'teamo123',
  'familia1',
  'familia123',
  'meuamor1',
  'cachorro',
  'qwerty12',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'zaq12wsx',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'clube123',
  'clubedomarceneiro',
  'abcdefgh',
  'aaaaaaaa',
  '01234567',
  '123qweasd',
  'qweasdzxc',
  'mudar@123',
  'senha@123',
]);

const normalise = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(normalise(password));

export const PASSWORD_MESSAGES = {
  empty: 'Crie uma senha.',
  short: `A senha precisa ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  long: `A senha pode ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  common: 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
  mismatch: 'As senhas não são iguais.',
} as const;

export type PasswordStrength = 'fraca' | 'média' | 'forte';

/** A hint for the member, not a rule: longer and more varied passwords are harder to guess. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH || isCommonPassword(password)) return 'fraca';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const score = (password.length >= 12 ? 2 : password.length >= 10 ? 1 : 0) + kinds;
  return score >= 5 ? 'forte' : score >= 3 ? 'média' : 'fraca';
}
