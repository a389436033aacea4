import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (m=19 MiB, t=2, p=1): about 11 ms per verify on the reference machine. */
export const PASSWORD_HASH_OPTIONS = {
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

// The package's Algorithm is an ambient const enum, which isolatedModules cannot read; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/**
 * A real hash of a random password, verified when the member does not exist so an unknown login costs the same
 * time as a wrong password and cannot be told apart.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$LoetSFnS5y+VGtEw6yaBwg$kDv3+5LDIHQDFxoVygEch4tsuCA5uqBcTRK7lOhpewI';

export function hashPassword(password: string): Promise<string> {
  return hash(password, { ...PASSWORD_HASH_OPTIONS, algorithm: ARGON2ID });
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash must read as a wrong password, not as a server error.
    return false;
  }
}

/** True when the stored hash is weaker than today's parameters, so a successful login upgrades it. */
export function needsRehash(storedHash: string): boolean {
  try {
    const p = parseOptions(storedHash);
    return (
      p.algorithm !== ARGON2ID ||
      p.memoryCost < PASSWORD_HASH_OPTIONS.memoryCost ||
      p.timeCost < PASSWORD_HASH_OPTIONS.timeCost ||
      p.parallelism < PASSWORD_HASH_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}
