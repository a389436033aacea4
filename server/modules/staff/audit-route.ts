import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isApiError } from '../../errors/api-errors';
import { csrfGuard } from '../../http/csrf';
import { apiRouteTable } from '../../http/api-routes';
import { requireRole } from '../../graphql/staff-access';
import { staffAuthOf } from '../../graphql/staff-context';
import { todayInBrazil } from '../../../lib/format/dates';
import type { ModuleDeps } from '../club-module';
import { nowOf } from '../service-deps';
import { auditCsv, auditTimeRange, recordAudit, type AuditFilter } from './audit';
import { checkStaffSession } from './sessions';

const STATUS_OF_CODE: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, BAD_USER_INPUT: 400 };

function refuse(reply: FastifyReply, error: unknown): FastifyReply {
  if (!isApiError(error)) throw error;
  const code = String(error.extensions['code']);
  return reply
    .code(STATUS_OF_CODE[code] ?? 400)
    .type('application/json; charset=utf-8')
    .send({ errors: [{ message: error.message, extensions: { code } }] });
}

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
      return refuse(reply, error);
    }
    const day = todayInBrazil(deps.config.now());
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="auditoria-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(auditCsv(deps.db, filter)));
  });
};
