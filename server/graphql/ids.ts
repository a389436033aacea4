/**
 * A GraphQL ID (or a page cursor) of one of the club's rows: digits only, at most 12, else null, so a made-up id reads
 * as "not found" instead of reaching the database as text.
 */
export const parseId = (id: string | null | undefined): number | null =>
  typeof id === 'string' && /^\d{1,12}$/.test(id) ? Number(id) : null;
