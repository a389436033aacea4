import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { databaseTargetFrom, type DatabaseTarget } from './db/database';

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** DATABASE_URL: a SQLite file (default, in DATA_DIR) or a PostgreSQL server. */
  readonly database: DatabaseTarget;
  readonly jwtSecret: Uint8Array;
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly staticDir: string;
  readonly serveStatic: boolean;
  readonly corsOrigin: string | undefined;
  /** Behind nginx or a load balancer, so request.ip (used by the rate limits) is the client's, not the proxy's. */
  readonly trustProxy: boolean;
  /** Login attempts one IP may make in five minutes, for all API processes together (LOGIN_ATTEMPTS_PER_IP). */
  readonly loginAttemptsPerIp: number;
  /** Requests a logged-in member, or else an IP, may make in a minute, for all API processes (REQUESTS_PER_MINUTE). */
  readonly requestsPerMinute: number;
  /** Where members open the app; e-mail links start with it (PUBLIC_URL). */
  readonly publicUrl: string;
  readonly smsApiUrl: string | undefined;
  readonly smsApiToken: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** ALTCHA on sign-up, login and password recovery (HUMAN_VERIFICATION); must match the web app's switch. */
  readonly humanVerification: boolean;
  /**
   * Clock in milliseconds; tests inject a fake one instead of sleeping. The rate limits (rate-limiter-flexible) and
   * ALTCHA challenges read the system clock instead.
   */
  readonly now: () => number;
  /** CEP lookup (CEP_PROVIDER): 'viacep' asks ViaCEP over HTTP; 'sample' answers from a bundled sample, offline. */
  readonly cepProvider: 'viacep' | 'sample';
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET precisa ter pelo menos 32 caracteres.').optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  STATIC_DIR: z.string().min(1).default('./out'),
  SERVE_STATIC: booleanFlag.default(true),
  CORS_ORIGIN: z.url().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(30),
  REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  PUBLIC_URL: z.url().optional(),
  SMS_API_URL: z.url().optional(),
  SMS_API_TOKEN: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL deve começar com smtp:// ou smtps://')
    .optional(),
  HUMAN_VERIFICATION: booleanFlag.default(true),
  MAIL_FROM: z.string().min(3).default('Clube do Marceneiro <nao-responda@clubedomarceneiro.com.br>'),
  CEP_PROVIDER: z.enum(['viacep', 'sample']).default('sample'),
});

/**
 * Without JWT_SECRET a random secret is generated once and kept beside the data, so sessions survive restarts
 * without anyone having to invent a secret for the embedded setup.
 */
function readOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const stored = readFileSync(file);
    if (stored.length >= 32) return new Uint8Array(stored);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return new Uint8Array(secret);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuração inválida: ${details}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database = databaseTargetFrom(e.DATABASE_URL, path.join(dataDir, 'club.sqlite'));
  // A secret generated into one disk would differ between processes and log members out as they move between them.
  if (database.kind === 'postgres' && !e.JWT_SECRET) {
    throw new Error(
      'Configuração inválida: JWT_SECRET: defina JWT_SECRET ao usar PostgreSQL (todos os processos da API usam o mesmo).',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : readOrCreateSecret(dataDir),
    nodeEnv: e.NODE_ENV,
    staticDir: path.resolve(e.STATIC_DIR),
    serveStatic: e.SERVE_STATIC,
    corsOrigin: e.CORS_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    loginAttemptsPerIp: e.LOGIN_ATTEMPTS_PER_IP,
    requestsPerMinute: e.REQUESTS_PER_MINUTE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smsApiUrl: e.SMS_API_URL,
    smsApiToken: e.SMS_API_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    humanVerification: e.HUMAN_VERIFICATION,
    now: Date.now,
    cepProvider: e.CEP_PROVIDER,
  };
}
