// The reward-order queue as a CSV, with the situation the desk is looking at: for a carrier's pickup list, a report
// to the brand, or the day's packing. The same rows as the painel's list (no CPF, no street address), streamed a page
// at a time.
import type { FastifyPluginAsync } from 'fastify';
import { formatDateTime, todayInBrazil } from '../../../common/format/dates';
import { ORDER_STATUS_LABELS } from '../../../common/rewards/labels';
import { requireRole } from '../../graphql/staff-access';
import { staffAuthOf } from '../../graphql/staff-context';
import { apiRouteTable } from '../../http/api-routes';
import { csvHeader, csvLine, refuseCsv, sendCsv } from '../../http/csv-download';
import { csrfGuard } from '../../http/csrf';
import type { ModuleDeps } from '../club-module';
import { nowOf } from '../service-deps';
import { checkStaffSession, recordAudit } from '../staff';
import { ORDER_PAGE_MAX, rewardOrderQueue, type PainelStatus } from './staff-fulfilment';

const COLUMNS = ['pedido', 'feito em (Brasília)', 'prêmio', 'pontos', 'membro', 'cidade', 'UF', 'situação', 'desde'];

const STATUSES: readonly PainelStatus[] = ['REQUESTED', 'IN_REVIEW', 'SEPARATING', 'SHIPPED', 'DELIVERED', 'CANCELLED'];

type Deps = Parameters<typeof rewardOrderQueue>[0];

/** Every order of the situation (every open one without), as CSV lines in the list's order. */
export async function* rewardOrdersCsv(deps: Deps, status: PainelStatus | null): AsyncGenerator<string> {
  yield csvHeader(COLUMNS);
  let after: string | null = null;
  do {
    const page = await rewardOrderQueue(deps, { status, first: ORDER_PAGE_MAX, after });
    let chunk = '';
    for (const row of page.rows) {
      chunk += csvLine([
        row.id,
        formatDateTime(row.createdAt),
        row.rewardName,
        row.points,
        row.member.name,
        row.city,
        row.uf,
        ORDER_STATUS_LABELS[row.status],
        formatDateTime(row.waitingSince),
      ]);
    }
    if (chunk) yield chunk;
    after = page.nextCursor;
  } while (after !== null);
}

/**
 * GET /painel/premios.csv?status=SHIPPED: the rewards desk's list as a file (premios), with the staff token in the
 * Authorization header and the CSRF header, as on /painel/graphql; audited as `reward.export`.
 */
export const rewardOrdersCsvRoute: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const staffDeps = { ...deps, staffSession: checkStaffSession };
  app.get(apiRouteTable.painelRewardOrdersCsv.path, { onRequest: csrfGuard }, async (request, reply) => {
    const auth = await staffAuthOf(request, staffDeps);
    const asked = (request.query as Record<string, unknown>)['status'];
    const status = STATUSES.find((s) => s === asked) ?? null;
    try {
      const actor = requireRole({ ...auth, ip: request.ip }, 'premios');
      await recordAudit(deps.db, actor, { action: 'reward.export', after: { status } }, nowOf(deps));
    } catch (error) {
      return refuseCsv(reply, error);
    }
    return sendCsv(reply, `resgates-${todayInBrazil(deps.config.now())}.csv`, rewardOrdersCsv(deps, status));
  });
};
