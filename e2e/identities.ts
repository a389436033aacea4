import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { decodeJwt } from 'jose';
import { clubCli, dataDir } from './club-cli';
import { join } from 'node:path';
import { signAccessToken } from '../server/auth/tokens';

/** A valid, random CPF, so a retried test never collides with the member its first run created. */
export function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => randomInt(0, 10));
  for (const start of [10, 11]) {
    const sum = digits.reduce((acc, d, i) => acc + d * (start - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  const s = digits.join('');
  return /^(\d)\1{10}$/.test(s) ? randomCpf() : s;
}

export function newIdentity() {
  const cpf = randomCpf();
  const phone = `119${String(randomInt(10_000_000, 100_000_000))}`;
  return {
    name: 'Rafael',
    surName: 'Teixeira',
    cpf,
    maskedCpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    email: `rafael.${cpf}@exemplo.com.br`,
    phone,
    maskedPhone: `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`,
    birthDate: '1982-09-17',
    password: 'lixa grão 120 e verniz',
  };
}

/** Reads what the club "sent" to a recipient through the same command a developer uses: `npm run outbox`. */
export function outboxFor(recipient: string): string[] {
  return clubCli('outbox', '--to', recipient).trim().split('\n');
}

export function lastCode(recipient: string): string {
  const code = /\b(\d{6})\b/.exec(outboxFor(recipient)[0] ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

export function lastLink(recipient: string): string {
  const link = /(https?:\/\/\S+\/confirmar-email#[\w-]+)/.exec(outboxFor(recipient)[0] ?? '')?.[1];
  if (!link) throw new Error(`no link sent to ${recipient}`);
  return link;
}

/** The newest kiosk hand-off link texted to a celular, as a path to open on the phone. */
export function lastHandoffPath(recipient: string): string {
  const link = /https?:\/\/\S+(\/completar-cadastro\?link=[\w-]+)/.exec(outboxFor(recipient)[0] ?? '')?.[1];
  if (!link) throw new Error(`no hand-off link sent to ${recipient}`);
  return link;
}

/** Moves every code of a destination 31 seconds into the past, past the resend cooldown. */
export function passResendCooldownOf(destination: string): void {
  const db = new SqliteDatabase(join(dataDir(), 'club.sqlite'));
  try {
    db.prepare('UPDATE verification_codes SET created_at = ? WHERE destination = ?').run(
      new Date(Date.now() - 31_000).toISOString(),
      destination,
    );
  } finally {
    db.close();
  }
}

/** Moves every code of a destination past its lifetime: the test cannot wait ten minutes. */
export function expireCodesOf(destination: string): void {
  const db = new SqliteDatabase(join(dataDir(), 'club.sqlite'));
  try {
    db.prepare('UPDATE verification_codes SET expires_at = ? WHERE destination = ?').run(
      '2000-01-01T00:00:00.000Z',
      destination,
    );
  } finally {
    db.close();
  }
}

/**
 * An access token of the same member, signed with the test server's own secret but expired 5 minutes ago: what a
 * phone holds after a night in the drawer.
 */
export function expiredAccessTokenOf(validToken: string): Promise<string> {
  const secret = new Uint8Array(readFileSync(join(dataDir(), 'jwt-secret')));
  const memberId = Number(decodeJwt(validToken).sub);
  const twentyMinutesAgo = Date.now() - 20 * 60 * 1000;
  return signAccessToken({ jwtSecret: secret, now: () => twentyMinutesAgo }, memberId);
}
