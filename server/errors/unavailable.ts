/**
 * A part the club runs on is out of reach for a moment (the database restarting, the file storage down, SQLite busy
 * past its wait, the disk full): the request did nothing for sure and can be tried again, so the member reads
 * "tente de novo" with a 503 and Retry-After instead of an internal error.
 */
export const UNAVAILABLE_MESSAGE = 'O clube está com instabilidade agora. Tente de novo em alguns segundos.';
export const DISK_FULL_MESSAGE = 'O servidor do clube está sem espaço para guardar dados. Tente de novo mais tarde.';
/** What Retry-After says: a database restart or a storage blip is over in seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Errors that say a connection could not be made or was cut, from Node, pg, SQLite and the AWS SDK. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  // PostgreSQL: the server shutting down or starting up, and too many connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const DISK_FULL_CODES = new Set(['ENOSPC', 'SQLITE_FULL', 'EDQUOT']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'connect ECONNREFUSED',
];

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  /** graphql's NonErrorThrown: what was thrown when it was not an Error of this realm. */
  thrownValue?: unknown;
  $metadata?: { httpStatusCode?: number };
}

/** The error and what it wraps (cause, AggregateError's errors), a few levels deep. */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (depth > 5 || error === null || typeof error !== 'object') return;
  const e = error as ErrorLike;
  yield e;
  yield* chain(e.cause, depth + 1);
  yield* chain(e.thrownValue, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

export type Unavailability = 'unavailable' | 'disk-full';

/** Why a request could not be done right now, or null when the error is something else (a bug, a refusal). */
export function unavailability(error: unknown): Unavailability | null {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (DISK_FULL_CODES.has(code)) return 'disk-full';
    if (CONNECTION_CODES.has(code) || code.startsWith('08')) return 'unavailable';
    if (e.name === 'TimeoutError' || (e.$metadata?.httpStatusCode ?? 0) >= 500) return 'unavailable';
    const message = typeof e.message === 'string' ? e.message : '';
    if (CONNECTION_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
  }
  return null;
}

export const unavailableMessage = (why: Unavailability): string =>
  why === 'disk-full' ? DISK_FULL_MESSAGE : UNAVAILABLE_MESSAGE;
