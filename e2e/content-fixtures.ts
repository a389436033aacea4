import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { createDatabase } from '../server/db/database';
import { createMember } from '../server/modules/users/repository';
import { PASSWORD } from './members';

export { editor } from './members';

function randomCpf(): string {
  const base = Array.from({ length: 9 }, () => randomInt(10));
  const digit = (nums: number[]) => {
    const sum = nums.reduce((acc, n, i) => acc + n * (nums.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

/**
 * A new member with a complete profile, straight into the test server's database: tests that leave a mark (a survey
 * answer) get their own member, so a retry or another project never finds the survey already answered.
 */
export async function createFreshMember(): Promise<{ email: string; password: string }> {
  const db = createDatabase({ file: join(process.env.E2E_DATA_DIR ?? 'data/e2e', 'club.sqlite') });
  const tag = `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
  const email = `membro-${tag}@exemplo.com.br`;
  try {
    await createMember(db, {
      name: 'Rita',
      surName: 'Teste',
      cpf: randomCpf(),
      email,
      password: PASSWORD,
      emailConfirmed: true,
      phoneNumber: `119${String(randomInt(1e8)).padStart(8, '0')}`,
      phoneVerified: true,
      birthDate: '1991-02-03',
      gender: 'feminino',
      careerName: 'Marceneiro',
      cep: '01310100',
      address: 'Avenida Paulista',
      number: '10',
      district: 'Bela Vista',
      stateUf: 'SP',
      cityName: 'São Paulo',
      accountType: 'member',
    });
  } finally {
    await db.destroy();
  }
  return { email, password: PASSWORD };
}
