/**
 * The invoice queue's filters as the painel keeps them (strings, in the address) and as the API reads them; shared by
 * the queue and the review page, whose "Próxima" and "Anterior" walk the same filtered list.
 */
import { painelRoutes } from './routes';
import type { StaffInvoiceFilter, StaffInvoiceSort } from '../staff-schema.generated';
import { filterFromSearch, searchOfFilter } from '../routing/url-filters';

export const QUEUE_FILTER_EMPTY = {
  status: '',
  flagged: '',
  risk: '',
  store: '',
  from: '',
  to: '',
  hasXml: '',
  search: '',
  assigned: '',
  sort: '',
};
export type QueueDraft = typeof QUEUE_FILTER_EMPTY;

const SORTS: readonly StaffInvoiceSort[] = ['OLDEST', 'NEWEST', 'TOTAL_HIGH', 'TOTAL_LOW', 'MEMBER'];

const yesNo = (value: string): boolean | undefined => (value === 'sim' ? true : value === 'nao' ? false : undefined);

/** The API's filter and order of what the reviewer chose; the default order (oldest first) when none. */
export function queueQuery(draft: QueueDraft): { filter: StaffInvoiceFilter; sort: StaffInvoiceSort } {
  const filter: StaffInvoiceFilter = {};
  for (const key of ['status', 'risk', 'store', 'from', 'to', 'search', 'assigned'] as const) {
    if (draft[key].trim() !== '') filter[key] = draft[key].trim();
  }
  const flagged = yesNo(draft.flagged);
  if (flagged !== undefined) filter.flagged = flagged;
  const hasXml = yesNo(draft.hasXml);
  if (hasXml !== undefined) filter.hasXml = hasXml;
  const sort = SORTS.find((s) => s === draft.sort) ?? 'OLDEST';
  return { filter, sort };
}

/** The queue's filters of an address (the queue's or a review page's, whose `id` is not one of them). */
export const queueDraftOf = (search: string): QueueDraft => filterFromSearch(QUEUE_FILTER_EMPTY, search);

/** The query that carries the filters from the queue to a review page and back. */
export const queueSearch = (draft: QueueDraft): string => searchOfFilter(draft);

/** A review page's address, carrying the queue's filters (`search`, as queueSearch gives it) for its next and back. */
export const reviewHref = (id: string, search = '') =>
  `${painelRoutes.painelInvoiceReview()}?id=${encodeURIComponent(id)}${search ? `&${search.slice(1)}` : ''}`;

/** The queue's address with these filters. */
export const queueHref = (search = '') => `${painelRoutes.painelInvoices()}${search}`;

/** The column heads' orders: a click on "Enviada em" or "Valor" turns its order around; "Membro" has one. */
export const COLUMN_SORTS = {
  arrival: ['OLDEST', 'NEWEST'],
  total: ['TOTAL_HIGH', 'TOTAL_LOW'],
  member: ['MEMBER'],
} as const satisfies Record<string, readonly StaffInvoiceSort[]>;

/** The order a click on a column head asks for, given the list's order now. */
export function nextColumnSort(column: keyof typeof COLUMN_SORTS, now: StaffInvoiceSort): StaffInvoiceSort {
  const sorts: readonly StaffInvoiceSort[] = COLUMN_SORTS[column];
  const at = sorts.indexOf(now);
  return sorts[(at + 1) % sorts.length]!;
}

/** How a column orders the list now, as aria-sort reads it. */
export function columnOrder(column: keyof typeof COLUMN_SORTS, now: StaffInvoiceSort) {
  const at = (COLUMN_SORTS[column] as readonly StaffInvoiceSort[]).indexOf(now);
  if (at < 0) return 'none' as const;
  // Oldest first, the lowest total first and names from A are ascending.
  return now === 'NEWEST' || now === 'TOTAL_HIGH' ? ('descending' as const) : ('ascending' as const);
}

/**
 * What a decision on a selection did, in one sentence: "2 notas recusadas." and, for each one left, its number and
 * why ("Nota #9: Esta nota já foi analisada."). `words` is what happened to one and to several.
 */
export function bulkSentence(
  result: { done: readonly string[]; skipped: readonly { id: string; message: string }[] },
  words: { one: string; many: string },
): string {
  const done = result.done.length;
  const head =
    done === 0 ? 'Nenhuma nota mudou.' : done === 1 ? `1 nota ${words.one}.` : `${done} notas ${words.many}.`;
  return [head, ...result.skipped.map((s) => `Nota #${s.id}: ${s.message}`)].join(' ');
}
