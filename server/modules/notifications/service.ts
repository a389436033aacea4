import { sql } from 'kysely';
import { z } from 'zod';
import { badUserInput, unauthenticated } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import type { PushServiceSettings } from '../../config';
import type { NotificationKind, NotificationRow } from '../../db/schema';
import { requireMember } from '../users';
import { nowOf, type ServiceDeps } from '../service-deps';
import { preferencesOf, setPreference } from './preferences';
import { pushEndpointProblem } from './push-endpoint';

type MemberDeps = ServiceDeps<'db' | 'config' | 'userId'>;

const PAGE_DEFAULT = 20;
const PAGE_MAX = 50;
const MARK_MAX = 100;
const PAGE_MESSAGE = 'Página inválida. Recarregue os avisos.';

// ---- Push subscriptions ------------------------------------------------------------------------------------------

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const ENDPOINT_MESSAGES = {
  scheme: 'O endereço da inscrição precisa começar com https://.',
  service: 'O endereço da inscrição não é de um serviço de notificações dos navegadores.',
} as const;

/**
 * A browser's push service only (push-endpoint.ts): the club posts to the endpoint later, so anything else would let
 * a member make the club call an address of their choosing, inside its own network included.
 */
const endpointSchema = (services: PushServiceSettings) =>
  z
    .string({ error: 'Informe o endereço da inscrição.' })
    .max(1000, 'O endereço da inscrição passa de 1000 caracteres.')
    .superRefine((value, ctx) => {
      const problem = pushEndpointProblem(value, services);
      if (problem) ctx.addIssue({ code: 'custom', message: ENDPOINT_MESSAGES[problem] });
    });

const subscriptionSchema = (services: PushServiceSettings) =>
  z.object({
    endpoint: endpointSchema(services),
    // An uncompressed P-256 point is 65 bytes (87 base64url characters); the auth secret 16 bytes (22).
    p256dh: z
      .string()
      .max(120, 'Chave da inscrição inválida.')
      .regex(BASE64URL, 'Chave da inscrição inválida.')
      .refine((v) => Buffer.from(v, 'base64url').length === 65, 'Chave da inscrição inválida.'),
    auth: z
      .string()
      .max(40, 'Segredo da inscrição inválido.')
      .regex(BASE64URL, 'Segredo da inscrição inválido.')
      .refine((v) => Buffer.from(v, 'base64url').length === 16, 'Segredo da inscrição inválido.'),
  });

export const pushPublicKey = (deps: ServiceDeps<'config'>): string | null => deps.config.vapid?.publicKey ?? null;

export async function savePushSubscription(
  deps: ServiceDeps<'db' | 'config' | 'userId' | 'familyId'>,
  input: unknown,
): Promise<boolean> {
  const user = await requireMember(deps.db, deps.userId);
  const sub = parseInput(subscriptionSchema(deps.config.pushServices), input);
  const at = nowOf(deps).toISOString();
  const values = { user_id: user.id, session_family_id: deps.familyId, p256dh: sub.p256dh, auth: sub.auth };
  await deps.db
    .insertInto('push_subscriptions')
    .values({ ...values, endpoint: sub.endpoint, created_at: at, refreshed_at: at })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...values, refreshed_at: at }))
    .execute();
  return true;
}

export async function removePushSubscription(deps: MemberDeps, endpoint: string): Promise<boolean> {
  const user = await requireMember(deps.db, deps.userId);
  if (endpoint.length > 1000) throw badUserInput('O endereço da inscrição passa de 1000 caracteres.');
  const result = await deps.db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- Inbox -------------------------------------------------------------------------------------------------------

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  createdAt: string;
  readAt: string | null;
}

const view = (row: NotificationRow): NotificationView => ({
  id: String(row.id),
  kind: row.kind,
  title: row.title,
  body: row.body,
  url: row.url,
  createdAt: row.created_at,
  readAt: row.read_at,
});

const pageSchema = z.object({
  first: z
    .number()
    .int()
    .min(1, `Peça de 1 a ${PAGE_MAX} avisos.`)
    .max(PAGE_MAX, `Peça de 1 a ${PAGE_MAX} avisos.`)
    .nullish(),
  after: z.string().max(200, PAGE_MESSAGE).nullish(),
});

/** Where a page ended: the last notice's event time and id, the keyset the next page starts after. */
interface Position {
  createdAt: string;
  id: number;
}

const encodeCursor = (row: Pick<NotificationRow, 'created_at' | 'id'>) =>
  Buffer.from(`${row.created_at}|${row.id}`, 'utf8').toString('base64url');

/**
 * A cursor of this keyset, or the bare id an app built before it passes (a page the service worker still serves
 * from its cache): that notice's own position, when it is the member's.
 */
async function positionOf(deps: MemberDeps, userId: number, cursor: string): Promise<Position> {
  if (/^\d{1,15}$/.test(cursor)) {
    const row = await deps.db
      .selectFrom('notifications')
      .select(['created_at', 'id'])
      .where('id', '=', Number(cursor))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row) return { createdAt: row.created_at, id: row.id };
  } else {
    const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    if (createdAt && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt) && id && /^\d{1,15}$/.test(id)) {
      return { createdAt, id: Number(id) };
    }
  }
  throw badUserInput(PAGE_MESSAGE);
}

async function unreadCount(deps: MemberDeps, userId: number): Promise<number> {
  const row = await deps.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Newest first by when the event happened (`created_at`, the clock of the change that wrote it), the id breaking
 * ties: the date each card shows is the order it is listed in, also for notices written later than their event (a
 * replayed history: the demo member's year was once seeded module by module, so a project approved in October had a
 * larger id than an invoice refused in November). A keyset page on (created_at, id) over the member's
 * (user_id, created_at, id) index: one index seek at any inbox size, no notice skipped or repeated between pages.
 */
export async function notificationsPage(deps: MemberDeps, args: { first?: number | null; after?: string | null }) {
  const user = await requireMember(deps.db, deps.userId);
  const { first, after } = parseInput(pageSchema, args);
  const size = first ?? PAGE_DEFAULT;
  let query = deps.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id);
  if (after) {
    const { createdAt, id } = await positionOf(deps, user.id, after);
    query = query.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size + 1)
    .execute();
  const page = rows.slice(0, size);
  const hasMore = rows.length > size;
  return {
    data: page.map(view),
    hasMore,
    nextCursor: hasMore ? encodeCursor(page.at(-1)!) : null,
    unreadCount: await unreadCount(deps, user.id),
  };
}

const markSchema = z.object({
  ids: z
    .array(z.string().regex(/^\d{1,15}$/, 'Aviso inválido.'))
    .max(MARK_MAX, `Marque até ${MARK_MAX} avisos de uma vez.`)
    .nullish(),
  all: z.boolean().nullish(),
});

/**
 * Marks read the member's own notifications only: ids of another member's are passed over as if they did not exist,
 * so the answer never tells whether they do.
 */
export async function markNotificationsRead(
  deps: MemberDeps,
  args: { ids?: readonly string[] | null; all?: boolean | null },
): Promise<number> {
  const user = await requireMember(deps.db, deps.userId);
  const { ids, all } = parseInput(markSchema, args);
  if (!all && (!ids || ids.length === 0)) throw badUserInput('Informe os avisos a marcar como lidos, ou todos.');
  const at = nowOf(deps).toISOString();
  let update = deps.db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', user.id)
    .where('read_at', 'is', null);
  if (!all) update = update.where('id', 'in', ids!.map(Number));
  await update.execute();
  return unreadCount(deps, user.id);
}

// ---- Preferences -------------------------------------------------------------------------------------------------

export async function notificationPreferences(deps: MemberDeps) {
  const user = await requireMember(deps.db, deps.userId);
  return preferencesOf(deps.db, user.id);
}

export async function setNotificationPreference(deps: MemberDeps, kind: NotificationKind, enabled: boolean) {
  if (deps.userId === null) throw unauthenticated();
  const user = await requireMember(deps.db, deps.userId);
  await setPreference(deps.db, user.id, kind, enabled, nowOf(deps));
  return preferencesOf(deps.db, user.id);
}
