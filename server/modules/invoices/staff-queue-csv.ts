// The invoice queue as a CSV, with the filters and order the reviewer is looking at: for a spreadsheet, a report to
// the brand, or a day's work split by hand. The same rows as the painel's list, streamed a page at a time.
import type { FastifyPluginAsync } from 'fastify';
import { formatCnpj } from '../../../common/format/cnpj';
import { formatDateTime, todayInBrazil } from '../../../common/format/dates';
import { FILE_KIND_LABELS, INVOICE_STATUS_LABELS } from '../../../common/painel/invoice-review';
import { queueDraftOf, queueQuery } from '../../../common/painel/invoice-queue';
import { apiRouteTable } from '../../http/api-routes';
import type { StaffActor } from '../../graphql/staff-access';
import { requireRole } from '../../graphql/staff-access';
import { staffAuthOf } from '../../graphql/staff-context';
import { csvHeader, csvLine, refuseCsv, sendCsv } from '../../http/csv-download';
import { csrfGuard } from '../../http/csrf';
import type { ModuleDeps } from '../club-module';
import { nowOf } from '../service-deps';
import { checkStaffSession, recordAudit } from '../staff';
import { invoiceQueue, QUEUE_PAGE_MAX, type QueueFilter, type QueueSort } from './staff-queue';

const COLUMNS = [
  'nota',
  'enviada em (Brasília)',
  'membro',
  'valor (R$)',
  'arquivos',
  'alertas',
  'situação',
  'loja',
  'CNPJ do emitente',
  'chave de acesso',
];

/** R$ as a spreadsheet set to Portuguese reads a number: "1234,50". */
const reais = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));

type Deps = Parameters<typeof invoiceQueue>[0];

/** Every row of the filtered queue as CSV lines, in the list's order. */
export async function* invoiceQueueCsv(
  deps: Deps,
  actor: StaffActor,
  filter: QueueFilter,
  sort: QueueSort,
): AsyncGenerator<string> {
  yield csvHeader(COLUMNS);
  let after: string | null = null;
  do {
    const page = await invoiceQueue(deps, actor, { filter, sort, first: QUEUE_PAGE_MAX, after });
    let chunk = '';
    for (const row of page.rows) {
      const same = row.sameFiles.map((s) => `mesmo arquivo da nota #${s.invoiceId}`);
      const alerts = [row.reviewReason, row.flagReason, row.riskReason && `Aparelho: ${row.riskReason}`, ...same];
      chunk += csvLine([
        row.id,
        formatDateTime(row.createdAt),
        row.memberName,
        reais(row.totalCents),
        [...new Set(row.fileKinds.map((kind) => FILE_KIND_LABELS[kind] ?? kind))].join(', '),
        alerts.filter(Boolean).join('; '),
        INVOICE_STATUS_LABELS[row.status] ?? row.status,
        row.storeName,
        row.issuerCnpj ? formatCnpj(row.issuerCnpj) : '',
        row.accessKey,
      ]);
    }
    if (chunk) yield chunk;
    after = page.nextCursor;
  } while (after !== null);
}

/**
 * GET /painel/notas.csv?<the queue's own address>: the reviewer's list as a file. The staff token comes in the
 * Authorization header with the CSRF header, as on /painel/graphql; a bad filter is refused before the first byte,
 * and the export is audited with its filters.
 */
export const invoiceQueueCsvRoute: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const staffDeps = { ...deps, staffSession: checkStaffSession };
  app.get(apiRouteTable.painelInvoicesCsv.path, { onRequest: csrfGuard }, async (request, reply) => {
    const auth = await staffAuthOf(request, staffDeps);
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const { filter, sort } = queueQuery(queueDraftOf(search));
    let actor: StaffActor;
    try {
      actor = requireRole({ ...auth, ip: request.ip }, 'revisor');
      // The first page checks the filters (a bad date, a long text) while a refusal can still be an answer.
      await invoiceQueue(deps, actor, { filter, sort, first: 1 });
      await recordAudit(deps.db, actor, { action: 'invoice.export', after: { ...filter, sort } }, nowOf(deps));
    } catch (error) {
      return refuseCsv(reply, error);
    }
    return sendCsv(reply, `notas-${todayInBrazil(deps.config.now())}.csv`, invoiceQueueCsv(deps, actor, filter, sort));
  });
};
