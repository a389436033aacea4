import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The adversarial suite's rules, applied to every answer of the API to a bad input:
 * - never a 500, and never the INTERNAL_SERVER_ERROR code (the GraphQL route answers a resolver's crash with 200);
 * - nothing an engine or a runtime wrote: stack lines, JS errors, SQL errors, parser errors;
 * - every error carries a stable `extensions.code`;
 * - for an input a member can type, the message is Portuguese;
 * - nothing stored: the member data tables hold the same rows before and after.
 */

/** What an engine, a runtime or a driver writes, never a message of the club. */
export const LEAK_PATTERNS: readonly RegExp[] = [
  /\n\s+at [\w.<>]+ \(/, // stack line
  /\bat (async )?[\w.]+ \([^)]*:\d+:\d+\)/,
  /Cannot read propert/i,
  /Cannot destructure/i,
  /\bTypeError\b/,
  /\bRangeError\b/,
  /\bReferenceError\b/,
  /\bSyntaxError\b/,
  /is not a function/,
  /is not defined\b(?! by type)/, // graphql's own "Field … is not defined by type …" is translated elsewhere
  /undefined is not/,
  /SQLITE/i,
  /sqlite3?/i,
  /syntax error at or near/i,
  /violates (unique|not-null|foreign key|check) constraint/i,
  /invalid byte sequence/i,
  /invalid input syntax for/i,
  /value too long for type/i,
  /out of range for type/i,
  /unterminated/i,
  /Unexpected token/i,
  /Unexpected end of JSON/i,
  /in JSON at position/i,
  /Maximum call stack/i,
  /heap out of memory/i,
  /ENOENT|EACCES|EISDIR|ENOTDIR|EEXIST/,
  /node_modules/,
  /\/work\/|\/home\/|\/tmp\//,
  /\bkysely\b/i,
  /\bpg-protocol\b|\bpostgres(ql)?\b error/i,
  /Too (small|big): expected/i, // zod's English default messages
  /Invalid input: expected/i,
  /Expected (string|number|boolean|object|array), received/i,
  /\bfastify\b/i,
  /FST_ERR/,
  /\bbusboy\b/i,
  /\[object Object\]/,
];

const ENGLISH = [
  /\bcannot\b/i,
  /\bcould not\b/i,
  /\bmust (not )?be\b/i,
  /\bwas not provided\b/i,
  /\binvalid value\b/i,
  /\brequired type\b/i,
  /\bis not defined\b/i,
  /\brepresent\b/i,
  /\bexpected\b/i,
  /\bunexpected\b/i,
  /\bunsupported\b/i,
  /\bnot (valid|allowed|found)\b/i,
  /\bsyntax error\b/i,
  /\bbody\b/i,
  /\brequest\b/i,
  /\bplease\b/i,
  /\berror\b/i,
  /\bfailed\b/i,
  /\btoo (small|big|large|long|many)\b/i,
];

/** Words and letters of Brazilian Portuguese that every message of the club has at least one of. */
const PORTUGUESE =
  /[áàâãéêíóôõúç]|\b(o|a|os|as|de|do|da|dos|das|um|uma|em|no|na|não|nao|informe|use|confira|escolha|envie|campo|valor|texto|número|arquivo|senha|código|inválid[oa]s?|tente|muitas|já|sua|seu|para|com|por|demais|longo|curto|obrigatório)\b/i;

export function isPortuguese(message: unknown): boolean {
  return (
    typeof message === 'string' &&
    message.trim().length > 0 &&
    PORTUGUESE.test(message) &&
    !ENGLISH.some((re) => re.test(message))
  );
}

export const leaksIn = (body: string): string[] =>
  LEAK_PATTERNS.filter((re) => re.test(body)).map((re) => `${re} in ${JSON.stringify(body.slice(0, 300))}`);

/** What one bad request answered. */
export interface Answer {
  status: number;
  body: string;
  json: unknown;
}

export interface GraphqlError {
  message?: unknown;
  extensions?: { code?: unknown; fields?: Record<string, unknown> };
}

export const errorsOf = (answer: Answer): GraphqlError[] => {
  const errors = (answer.json as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as GraphqlError[]) : [];
};

export async function send(app: FastifyInstance, options: InjectOptions): Promise<Answer> {
  const res = await app.inject(options);
  let json: unknown = null;
  try {
    json = JSON.parse(res.body) as unknown;
  } catch {
    json = null;
  }
  return { status: res.statusCode, body: res.body, json };
}

/** One bad input and what the suite expects of its answer. */
export interface AdversarialCase {
  readonly category: string;
  readonly name: string;
  /** A field a member types in a form (sign-up, login, recovery, profile, CNPJ, key, survey, project…). */
  readonly typeable: boolean;
  readonly send: () => Promise<Answer>;
  /**
   * The message shown to the member, when it is not the first error's (e.g. invoiceKeyCheck answers
   * `{ available: false, message }`); undefined when the answer refuses nothing.
   */
  readonly messageOf?: (answer: Answer) => unknown;
  /** Extra checks (a stored file's name, a served file's headers…); each string returned is a problem. */
  readonly verify?: (answer: Answer) => Promise<string[]> | string[];
  /** The input may be taken as it is (a valid photo with a strange name): `verify` checks how it was kept. */
  readonly mayStore?: boolean;
}

/** Tables a bad input could write member data to; logs, limits and device sessions are left out. */
const COUNTED_TABLES = [
  'users',
  'pending_signups',
  'verification_codes',
  'email_confirmations',
  'outbox',
  'refresh_tokens',
  'user_wood_works',
  'woodwork_surveys',
  'woodwork_survey_equipments',
  'consent_answers',
  'cities',
  'kiosks',
  'handoff_links',
  'invoices',
  'invoice_files',
  'invoice_events',
  'points_ledger',
  'projects',
  'project_photos',
  'project_products',
  'project_invoices',
  'project_events',
  'survey_responses',
] as const satisfies readonly (keyof Database)[];

/** Row counts, the members' and workshops' rows as they are, and the files under the data folder. */
export async function snapshot(db: Kysely<Database>, dataDir?: string): Promise<string> {
  const counts = await sql<Record<string, string | number>>`select ${sql.join(
    COUNTED_TABLES.map((table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`),
  )}`.execute(db);
  const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
  const workshops = await db.selectFrom('user_wood_works').selectAll().orderBy('id').execute();
  const surveys = await db.selectFrom('woodwork_surveys').selectAll().orderBy('id').execute();
  const row = counts.rows[0] ?? {};
  const normalised = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
  return JSON.stringify({ counts: normalised, users, workshops, surveys, files: dataDir ? filesUnder(dataDir) : [] });
}

export function filesUnder(dir: string): string[] {
  const walk = (d: string): string[] =>
    existsSync(d)
      ? readdirSync(d, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(d, e.name)) : [path.relative(dir, path.join(d, e.name))],
        )
      : [];
  return walk(dir).sort();
}

/** A short, readable difference between two snapshots. */
function changed(before: string, after: string): string {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  const parts: string[] = [];
  const ca = a['counts'] as Record<string, number>;
  const cb = b['counts'] as Record<string, number>;
  for (const key of Object.keys(cb)) if (ca[key] !== cb[key]) parts.push(`${key} ${ca[key]}→${cb[key]}`);
  for (const key of ['users', 'workshops', 'surveys', 'files']) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) parts.push(`${key} changed`);
  }
  return parts.join(', ');
}

const describeCase = (c: AdversarialCase) => `[${c.category}] ${c.name}`;

/** Checks one answer against the suite's rules; returns the problems found. */
export function judge(c: AdversarialCase, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  problems.push(...leaksIn(answer.body));
  const errors = errorsOf(answer);
  for (const error of errors) {
    const code = error.extensions?.code;
    if (typeof code !== 'string' || !/^[A-Z][A-Z_]+$/.test(code)) problems.push(`no stable code: ${answer.body}`);
    if (code === 'INTERNAL_SERVER_ERROR') problems.push('INTERNAL_SERVER_ERROR (a crash in a resolver)');
  }
  if (!c.mayStore) {
    const message = c.messageOf ? c.messageOf(answer) : errors[0]?.message;
    const refused = c.messageOf ? message !== undefined && message !== null : errors.length > 0;
    if (!refused && answer.status < 400) problems.push(`accepted: ${answer.body.slice(0, 200)}`);
    if (c.typeable && refused && !isPortuguese(message)) problems.push(`not pt-BR: ${JSON.stringify(message)}`);
    if (c.typeable && !refused && answer.status >= 400) problems.push(`no message: ${answer.body.slice(0, 200)}`);
  }
  return problems;
}

/**
 * Runs the cases one after the other (each sees the API as the previous left it), checking each answer and that
 * nothing was stored; returns every problem, one line each.
 */
export async function runCases(
  db: Kysely<Database>,
  cases: readonly AdversarialCase[],
  dataDir?: string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const c of cases) {
    const before = await snapshot(db, dataDir);
    let answer: Answer;
    try {
      answer = await c.send();
    } catch (error) {
      problems.push(`${describeCase(c)}: the request itself failed: ${(error as Error).message}`);
      continue;
    }
    const found = judge(c, answer);
    if (c.verify) found.push(...(await c.verify(answer)));
    if (!c.mayStore) {
      const after = await snapshot(db, dataDir);
      if (after !== before) found.push(`stored: ${changed(before, after)}`);
    }
    for (const problem of found) problems.push(`${describeCase(c)}: ${problem}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Generated bad values

/** 100 kB of one character. */
export const HUNDRED_KB = 'a'.repeat(100 * 1024);

/** Strings no form field accepts as they are: the suite's main table. */
export const HOSTILE_STRINGS: readonly (readonly [string, string])[] = [
  ['SQL quote', "' OR '1'='1"],
  ['SQL comment', "admin'/*"],
  ['SQL stacked', "'; DROP TABLE users; --"],
  ['SQL union', "' UNION SELECT password_hash FROM users --"],
  ['SQL double quote', '"; SELECT pg_sleep(5); --'],
  ['SQL backslash', "\\'; DELETE FROM invoices; --"],
  ['100 kB', HUNDRED_KB],
  ['emoji', '🪚🪵🔨💥'],
  ['RTL override', '\u202Egnp.exe'],
  ['null byte', 'abc\u0000def'],
  ['lone surrogate', 'abc\ud800def'],
  ['control characters', '\u0007\u001b[31mvermelho\u001b[0m'],
  ['HTML script', '<script>alert(1)</script>'],
  ['format string', '%s%s%n%x{{7*7}}${7*7}'],
  ['only spaces', '     '],
  ['zero-width', '\u200b\u200b\u200b'],
];

/** Hostile strings for fields that take free text: what a member may legitimately write is left out. */
export const HOSTILE_FREE_TEXT: readonly (readonly [string, string])[] = [
  ['100 kB', HUNDRED_KB],
  ['null byte', 'Rua\u0000 das Flores'],
  ['lone surrogate', 'Rua \udc00 das Flores'],
  ['control characters', 'Rua \u001b[2J\u0007 das Flores'],
];

/** Values of the wrong GraphQL type for a String variable. */
export const WRONG_TYPES_FOR_STRING: readonly (readonly [string, unknown])[] = [
  ['a number', 12345678901],
  ['a boolean', true],
  ['an object', { $gt: '' }],
  ['an array', ['a', 'b']],
  ['null', null],
];

/** Numbers no page size, grade or count accepts. */
export const HOSTILE_NUMBERS: readonly (readonly [string, unknown])[] = [
  ['negative', -1],
  ['zero', 0],
  ['2^31', 2 ** 31],
  ['huge', 1e300],
  ['a fraction', 1.5],
  ['a numeric string', '10'],
];
