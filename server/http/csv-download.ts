// What every CSV the painel downloads shares: the fields a spreadsheet set to Portuguese reads (`;`, a byte-order mark
// for the accents), values that can never run as formulas, the headers of a download, and a refusal the painel's
// download code reads as it reads a GraphQL error.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { isApiError } from '../errors/api-errors';

const STATUS_OF_CODE: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, BAD_USER_INPUT: 400 };

/**
 * A CSV field: quoted when it holds the separator, a quote or a line break; a value a spreadsheet would run as a
 * formula (=, +, -, @ first) is given a leading apostrophe, so a name typed into the club cannot become one.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of the file, fields separated by `;`. */
export const csvLine = (fields: readonly (string | number | null | undefined)[]): string =>
  `${fields.map(csvField).join(';')}\r\n`;

/** The file's first line: the byte-order mark and the column names. */
export const csvHeader = (columns: readonly string[]): string => `\ufeff${csvLine(columns)}`;

/** Streams `lines` as the download `filename` (never kept by a cache: it holds members' data). */
export function sendCsv(reply: FastifyReply, filename: string, lines: AsyncIterable<string>): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}

/** A refused download: the status of its code and the GraphQL error shape, with the pt-BR message. */
export function refuseCsv(reply: FastifyReply, error: unknown): FastifyReply {
  if (!isApiError(error)) throw error;
  const code = String(error.extensions['code']);
  return reply
    .code(STATUS_OF_CODE[code] ?? 400)
    .type('application/json; charset=utf-8')
    .send({ errors: [{ message: error.message, extensions: { code } }] });
}
