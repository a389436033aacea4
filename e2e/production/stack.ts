import { randomInt } from 'node:crypto';
import type { APIResponse, Response } from '@playwright/test';
import { decodeJwt } from 'jose';
import { createDatabase } from '../../server/db/database';
import { INSTANCE_HEADER } from '../../server/http/instance-header';
import { signAccessToken } from '../../server/auth/tokens';
import type { RunningProgram } from '../../server/hosting/test/production-stack';
import { createMember } from '../../server/modules/users/repository';
import { PASSWORD } from '../members';

/** What scripts/e2e-production.ts started, handed over in PRODUCTION_* variables. */
function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} não definido: rode com \`npm run test:production\`.`);
  return value;
}

export const stack = {
  get databaseUrl() {
    return setting('PRODUCTION_DATABASE_URL');
  },
  get jwtSecret() {
    return setting('PRODUCTION_JWT_SECRET');
  },
  /** INSTANCE_NAME of every API process behind nginx. */
  get instances(): string[] {
    return setting('PRODUCTION_INSTANCES').split(',');
  },
  /** What each API process runs, by INSTANCE_NAME: its Node.js version and its arguments, read from the process. */
  get programs(): Record<string, RunningProgram> {
    return JSON.parse(setting('PRODUCTION_PROGRAMS')) as Record<string, RunningProgram>;
  },
};

/** The API process that answered, from its X-Clube-Instance header; nginx's own answers carry none. */
export function instanceOf(response: Response | APIResponse): string | undefined {
  return response.headers()[INSTANCE_HEADER];
}

function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => randomInt(0, 10));
  for (const start of [10, 11]) {
    const rest = (digits.reduce((acc, d, i) => acc + d * (start - i), 0) * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  const cpf = digits.join('');
  return /^(\d)\1{10}$/.test(cpf) ? randomCpf() : cpf;
}

export interface ProductionMember {
  readonly name: string;
  readonly cpf: string;
  readonly email: string;
}

/**
 * A fresh member with a complete profile, written straight into the stack's PostgreSQL, so each journey has its
 * own invoices and photo and none depends on another's.
 */
export async function createProductionMember(): Promise<ProductionMember> {
  const cpf = randomCpf();
  const member = { name: 'Vera', surName: 'Campos', cpf, email: `vera.${cpf}@exemplo.com.br` };
  const db = createDatabase({ kind: 'postgres', url: stack.databaseUrl });
  try {
    await createMember(db, {
      ...member,
      password: PASSWORD,
      emailConfirmed: true,
      phoneNumber: `119${String(randomInt(10_000_000, 100_000_000))}`,
      phoneVerified: true,
      birthDate: '1979-04-11',
      gender: 'feminino',
      careerName: 'Marceneiro',
      cep: '80010000',
      address: 'Rua XV de Novembro',
      number: '700',
      district: 'Centro',
      stateUf: 'PR',
      cityName: 'Curitiba',
      chatbotInvoiceUploadEnabled: true,
      accountType: 'member',
    });
  } finally {
    await db.destroy();
  }
  return member;
}

/** The same member's access token, signed 20 minutes ago with the stack's secret: expired for every process. */
export function expiredAccessTokenOf(validToken: string): Promise<string> {
  const twentyMinutesAgo = Date.now() - 20 * 60 * 1000;
  return signAccessToken(
    { jwtSecret: new TextEncoder().encode(stack.jwtSecret), now: () => twentyMinutesAgo },
    Number(decodeJwt(validToken).sub),
  );
}

/** Counts rows in the stack's PostgreSQL: what the members see is checked against what was stored. */
export async function invoicesWithKey(accessKey: string): Promise<number> {
  const db = createDatabase({ kind: 'postgres', url: stack.databaseUrl });
  try {
    const row = await db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('access_key', '=', accessKey)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await db.destroy();
  }
}
