import type { FastifyPluginAsync } from 'fastify';
import { refuseCsv, sendCsv } from '../../http/csv-download';
import { csrfGuard } from '../../http/csrf';
import { apiRouteTable } from '../../http/api-routes';
import { requireRole } from '../../graphql/staff-access';
import { staffAuthOf } from '../../graphql/staff-context';
import { todayInBrazil } from '../../../common/format/dates';
import type { ModuleDeps } from '../club-module';
import { nowOf } from '../service-deps';
import { auditCsv, auditTimeRange, recordAudit, type AuditFilter } from './audit';
import { checkStaffSession } from './sessions';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * GET /painel/auditoria.csv?actor=&action=&object=&from=&to=: the audit trail an admin filtered, as a CSV streamed a
 * page at a time (a trail kept for years would not fit one GraphQL answer). The admin's staff token comes in the
 * Authorization header, as on /painel/graphql, with the CSRF header; the export itself is audited.
 */
export const auditCsvRoute: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const staffDeps = { ...deps, staffSession: checkStaffSession };
  app.get(apiRouteTable.painelAuditCsv.path, { onRequest: csrfGuard }, async (request, reply) => {
    const auth = await staffAuthOf(request, staffDeps);
    const query = request.query as Record<string, unknown>;
    const filter: AuditFilter = {
      actor: text(query['actor']),
      action: text(query['action']),
      object: text(query['object']),
      from: text(query['from']),
      to: text(query['to']),
    };
    try {
      const actor = requireRole({ ...auth, ip: request.ip }, 'admin');
      auditTimeRange(filter);
      await recordAudit(deps.db, actor, { action: 'audit.export', after: { ...filter } }, nowOf(deps));
    } catch (error) {
      return refuseCsv(reply, error);
    }
    return sendCsv(reply, `auditoria-${todayInBrazil(deps.config.now())}.csv`, auditCsv(deps.db, filter));
  });
};
