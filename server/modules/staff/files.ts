import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { PAINEL_API_PATHS } from '../../../common/painel/api-paths';
import type { StaffRole } from '../../../common/painel/roles';
import type { Db } from '../../db/schema';
import type { StaffActor } from '../../graphql/staff-access';
import type { FileStorage } from '../../storage/file-storage';
import type { ModuleDeps, StaffFileSource } from '../club-module';
import { recordAudit } from './audit';
import { findAccountById, rolesOf } from './repository';

/**
 * Files for the painel (invoice files, project photos): `/painel/arquivos/<source>-<id>?k=&e=&s=`, a link signed for
 * that file and that staff member, valid a few minutes, served from the storage adapter (disk or S3), never a bucket's
 * URL. Each module names its files with a source (its manifest's `staffFiles`): one signature, one route, one set of
 * headers for all of them.
 */

/** How long a painel file link stays valid: enough to open the page, too short to pass around. */
export const STAFF_FILE_LINK_TTL_MS = 5 * 60 * 1000;
export const STAFF_FILE_ROUTE = `${PAINEL_API_PATHS.files}:fileId`;

const FILE_REF = /^([a-z]{1,20})-(\d{1,12})$/;

/** A key of its own, derived from the server secret: a member's file link never opens a painel one, nor the reverse. */
const signature = (secret: Uint8Array, ref: string, staffId: number, expires: number): string => {
  const key = createHmac('sha256', secret).update('painel-files').digest();
  return createHmac('sha256', key).update(`${ref}:${staffId}:${expires}`).digest('base64url');
};

/** A link a reviewer's page opens (an <img>, an <iframe>): signed for that file and that staff member, a few minutes. */
export function staffFileUrl(secret: Uint8Array, source: string, id: number, staffId: number, now: number): string {
  const ref = `${source}-${id}`;
  if (!FILE_REF.test(ref)) throw new Error(`Origem de arquivo do painel inválida: ${source}`);
  const expires = now + STAFF_FILE_LINK_TTL_MS;
  return `${PAINEL_API_PATHS.files}${ref}?k=${staffId}&e=${expires}&s=${signature(secret, ref, staffId, expires)}`;
}

export function verifyStaffFileLink(
  secret: Uint8Array,
  ref: string,
  query: { k?: string; e?: string; s?: string },
  now: number,
): boolean {
  const staffId = Number(query.k);
  const expires = Number(query.e);
  if (!Number.isInteger(staffId) || !Number.isInteger(expires) || typeof query.s !== 'string') return false;
  if (expires < now || expires > now + STAFF_FILE_LINK_TTL_MS) return false;
  const expected = Buffer.from(signature(secret, ref, staffId, expires));
  const given = Buffer.from(query.s);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The file a valid link names, its opening written to the audit. The link names its staff member: they must still be
 * active and hold a role that opens this file, since a link outlives a disable or a role taken away by up to its five
 * minutes.
 */
async function openFile(
  db: Db,
  storage: FileStorage,
  source: StaffFileSource,
  ref: string,
  staffId: number,
  ip: string,
  at: Date,
) {
  const actor = await allowedOpener(db, staffId, source.roles, ip);
  const file = actor ? await source.load(db, Number(ref.slice(ref.lastIndexOf('-') + 1))) : undefined;
  const stored = file ? await storage.get(file.storageKey) : null;
  if (!actor || !file || !stored) return undefined;
  await recordAudit(
    db,
    actor,
    { action: 'arquivo.abrir', object: { type: 'arquivo', id: ref, label: file.fileName } },
    at,
  );
  return { file, stored };
}

/** The link's staff member as the audit names them, when their account is active and holds one of `roles`. */
async function allowedOpener(
  db: Db,
  staffId: number,
  roles: readonly StaffRole[],
  ip: string,
): Promise<StaffActor | undefined> {
  const account = await findAccountById(db, staffId);
  if (!account || account.disabled_at !== null) return undefined;
  const held = (await rolesOf(db, staffId)).find((role) => roles.includes(role));
  if (!held) return undefined;
  return { kind: 'staff', staffId, name: account.name, email: account.email, role: held, ip };
}

/**
 * GET /painel/arquivos/<source>-<id>?k=&e=&s=: shown in the page (inline), never cached; only the painel's own pages
 * may frame it (a PDF). Each opening is a line of the audit (`arquivo.abrir`). Anything else (a bad signature, an
 * expired link, an unknown source or file, a staff member disabled or without the role since) is the same 404.
 */
export const staffFilesRoute =
  (sources: readonly StaffFileSource[]): FastifyPluginAsync<ModuleDeps> =>
  async (app, { db, config, storage }) => {
    const bySource = new Map(sources.map((source) => [source.source, source]));
    if (bySource.size !== sources.length) throw new Error('Origem de arquivo do painel declarada duas vezes.');
    app.get<{ Params: { fileId: string }; Querystring: { k?: string; e?: string; s?: string } }>(
      STAFF_FILE_ROUTE,
      async (request, reply) => {
        const ref = FILE_REF.exec(request.params.fileId);
        const source = ref ? bySource.get(ref[1]!) : undefined;
        const opened =
          ref && source && verifyStaffFileLink(config.jwtSecret, ref[0], request.query, config.now())
            ? await openFile(db, storage, source, ref[0], Number(request.query.k), request.ip, new Date(config.now()))
            : undefined;
        if (!opened) {
          return reply
            .code(404)
            .header('cache-control', 'no-store')
            .type('text/plain; charset=utf-8')
            .send('Arquivo não encontrado ou link expirado. Abra a página de novo no painel.');
        }
        const { file, stored } = opened;
        // Chrome's PDF viewer does not run in a sandboxed document; images and XML are sandboxed.
        const sandbox = file.frameable ? '' : '; sandbox';
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(stored.size))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .header('x-frame-options', 'SAMEORIGIN')
          .header(
            'content-security-policy',
            `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'${sandbox}`,
          )
          .header('content-disposition', `inline; filename="${file.fileName}"`)
          .send(stored.body);
      },
    );
  };
