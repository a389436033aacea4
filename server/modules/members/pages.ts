// The member's page lists (invoices, reward orders, notes) page newest first by id: the cursor is the last id shown,
// opaque to the painel, and every page size is checked here before a query runs.
import { badUserInput } from '../../errors/api-errors';

/** The painel asks at most this many rows of a member's list at a time. */
export const MEMBER_PAGE_MAX = 50;
export const PAGE_MESSAGES = {
  size: `Peça de 1 a ${MEMBER_PAGE_MAX} linhas por página.`,
  cursor: 'Página inválida. Recarregue a ficha do membro.',
} as const;

/** `first` as asked, or the list's default; BAD_USER_INPUT outside 1 to MEMBER_PAGE_MAX. */
export function pageSizeOf(first: number | null | undefined, fallback: number): number {
  const size = first ?? fallback;
  if (!Number.isInteger(size) || size < 1 || size > MEMBER_PAGE_MAX) {
    throw badUserInput(PAGE_MESSAGES.size, { first: PAGE_MESSAGES.size });
  }
  return size;
}

export const encodeIdCursor = (id: number): string => Buffer.from(`id:${id}`, 'utf8').toString('base64url');

/** The id a cursor stands for (rows below it come next), null without one; BAD_USER_INPUT for one not ours. */
export function decodeIdCursor(cursor: string | null | undefined): number | null {
  if (cursor === null || cursor === undefined) return null;
  const match = cursor.length <= 40 ? /^id:(\d{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  if (!match) throw badUserInput(PAGE_MESSAGES.cursor);
  return Number(match[1]);
}
