// The project review in the painel: the queue, one project as a reviewer sees it (every photo at full size by the
// painel's signed links, the member with a masked CPF), the review lease, and approve / refuse / publish through the
// module's actions (actions.ts), which check the lease and audit in the transaction of the change.
import { sql } from 'kysely';
import { ENVIRONMENT_LABELS } from '../../../common/projects/labels';
import { PROJECT_APPROVAL_POINTS } from '../../../common/projects/limits';
import { containsPattern } from '../../db/like';
import type { Db, ProjectRow, ProjectStatus } from '../../db/schema';
import { parseId } from '../../graphql/ids';
import { badUserInput, notFound } from '../../errors/api-errors';
import type { StaffActor } from '../../graphql/staff-access';
import type { AppConfig } from '../../config';
import type { StaffFileSource } from '../club-module';
import { hideCpf } from '../../privacy/hide';
import { liveLeases, notHeldByOthers, releaseLease, staffFileUrl, takeLease, type LeaseView } from '../staff';
// The four-eyes rule's view of an item: who asked for its approval, and for how many points.
import { approvalRequestOf } from '../staff';
import {
  approveProject,
  confirmProjectApproval,
  isWaiting,
  PROJECT_ACTION_MESSAGES,
  publishBlocker,
  publishProject,
  rejectProject,
  unpublishProject,
} from './actions';
import { toView } from './views';

export const QUEUE_PAGE_DEFAULT = 20;
export const QUEUE_PAGE_MAX = 50;
const OTHER_PROJECTS_MAX = 10;

export const STAFF_PROJECT_MESSAGES = {
  ...PROJECT_ACTION_MESSAGES,
  status: 'Situação inválida: use waiting, approved, rejected ou published.',
  search: 'Busque com até 100 caracteres.',
  page: 'Peça de 1 a 50 projetos por página.',
  cursor: 'Continuação da fila inválida: filtre de novo.',
} as const;

interface Deps {
  readonly db: Db;
  readonly config: AppConfig;
}

const WAITING: readonly ProjectStatus[] = ['received', 'in_review'];

// ---------------------------------------------------------------------------------------------------------------
// Photos in the painel: `/painel/arquivos/foto-<id>` (full size) and `miniatura-<id>` (the strip), any project's.

const PHOTO_SOURCE = 'foto';
const THUMBNAIL_SOURCE = 'miniatura';

const photoSource = (source: string, variant: 'display' | 'thumbnail'): StaffFileSource => ({
  source,
  roles: ['revisor'],
  async load(db, id) {
    const photo = await db
      .selectFrom('project_photos')
      .select(['id', 'project_id', 'storage_path', 'thumbnail_path'])
      .where('id', '=', id)
      .where('project_id', 'is not', null)
      .executeTakeFirst();
    if (!photo) return undefined;
    return {
      storageKey: variant === 'display' ? photo.storage_path : photo.thumbnail_path,
      contentType: 'image/webp',
      fileName: `projeto-${photo.project_id}-foto-${photo.id}${variant === 'thumbnail' ? '-mini' : ''}.webp`,
      frameable: false,
    };
  },
});

export const projectStaffFiles: readonly StaffFileSource[] = [
  photoSource(PHOTO_SOURCE, 'display'),
  photoSource(THUMBNAIL_SOURCE, 'thumbnail'),
];

// ---------------------------------------------------------------------------------------------------------------
// Lease (the staff module's review lease, subject 'project')

const findWaiting = (db: Db, id: number) =>
  db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('status', 'in', [...WAITING])
    .executeTakeFirst();

export async function takeProject(deps: Deps, actor: StaffActor, id: string): Promise<LeaseView> {
  const projectId = parseId(id);
  const project = projectId === null ? undefined : await findWaiting(deps.db, projectId);
  if (!project) throw notFound(STAFF_PROJECT_MESSAGES.notFound);
  return takeLease(
    deps.db,
    actor,
    { subject: 'project', id: project.id, label: project.title },
    new Date(deps.config.now()),
  );
}

export async function releaseProject(deps: Deps, actor: StaffActor, id: string): Promise<boolean> {
  const projectId = parseId(id);
  return projectId === null ? false : releaseLease(deps.db, actor, 'project', projectId);
}

// ---------------------------------------------------------------------------------------------------------------
// Queue

export interface ProjectQueueFilter {
  status?: string | null;
  search?: string | null;
}

const STATUSES = ['waiting', 'approved', 'rejected', 'published'] as const;
type QueueStatus = (typeof STATUSES)[number];

/** The cursor of a page: the last row's sort key (its last change and id), so a resent project keeps its place. */
const cursorOf = (row: { updated_at: string; id: number }) =>
  Buffer.from(`${row.updated_at}|${row.id}`).toString('base64url');

function parseCursor(cursor: string | null | undefined): { at: string; id: number } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(at) || parseId(id) === null)
    throw badUserInput(STAFF_PROJECT_MESSAGES.cursor);
  return { at, id: Number(id) };
}

export async function projectQueue(
  deps: Deps,
  actor: StaffActor,
  args: { filter?: ProjectQueueFilter | null; first?: number | null; after?: string | null },
) {
  const first = args.first ?? QUEUE_PAGE_DEFAULT;
  if (!Number.isInteger(first) || first < 1 || first > QUEUE_PAGE_MAX) throw badUserInput(STAFF_PROJECT_MESSAGES.page);
  const status = (args.filter?.status?.trim() || 'waiting') as QueueStatus;
  if (!STATUSES.includes(status))
    throw badUserInput(STAFF_PROJECT_MESSAGES.status, { 'filter.status': STAFF_PROJECT_MESSAGES.status });
  const search = args.filter?.search?.trim() ?? '';
  if (search.length > 100)
    throw badUserInput(STAFF_PROJECT_MESSAGES.search, { 'filter.search': STAFF_PROJECT_MESSAGES.search });
  const after = parseCursor(args.after);
  // Waiting for review: the one waiting longest first. Decided: the latest decision first.
  const oldestFirst = status === 'waiting';

  let query = deps.db
    .selectFrom('projects')
    .innerJoin('users', 'users.id', 'projects.user_id')
    .selectAll('projects')
    .select(['users.name as member_name', 'users.sur_name as member_sur_name', 'users.cpf as member_cpf'])
    .select((eb) =>
      eb
        .selectFrom('project_photos')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .whereRef('project_photos.project_id', '=', 'projects.id')
        .as('photo_count'),
    );
  if (status === 'waiting') query = query.where('projects.status', 'in', [...WAITING]);
  else if (status === 'published') query = query.where('projects.published_at', 'is not', null);
  else query = query.where('projects.status', '=', status);
  if (status === 'approved') query = query.where('projects.published_at', 'is', null);
  if (search) {
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(projects.title)`, 'like', sql<string>`${containsPattern(search)} escape '!'`),
        eb(
          sql<string>`lower(users.name || ' ' || users.sur_name)`,
          'like',
          sql<string>`${containsPattern(search)} escape '!'`,
        ),
        eb(sql<string>`lower(users.email)`, 'like', sql<string>`${containsPattern(search)} escape '!'`),
      ]),
    );
  }
  if (after) {
    const op = oldestFirst ? '>' : '<';
    query = query.where((eb) =>
      eb.or([
        eb('projects.updated_at', op, after.at),
        eb.and([eb('projects.updated_at', '=', after.at), eb('projects.id', op, after.id)]),
      ]),
    );
  }
  const direction = oldestFirst ? 'asc' : 'desc';
  const rows = await query
    .orderBy('projects.updated_at', direction)
    .orderBy('projects.id', direction)
    .limit(first + 1)
    .execute();
  const page = rows.slice(0, first);
  const leases = await liveLeases(
    deps.db,
    actor,
    'project',
    page.filter((r) => isWaiting(r.status)).map((r) => r.id),
    new Date(deps.config.now()),
  );
  return {
    rows: page.map((r) => ({
      id: String(r.id),
      title: r.title,
      status: r.status,
      published: r.published_at !== null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      memberName: `${r.member_name} ${r.member_sur_name}`.trim(),
      memberCpfMasked: hideCpf(r.member_cpf),
      photoCount: Number(r.photo_count ?? 0),
      publishConsent: r.publish_consent === 1,
      riskReason: r.risk_reason,
      lease: leases.get(r.id) ?? null,
    })),
    nextCursor: rows.length > first ? cursorOf(page.at(-1)!) : null,
  };
}

/** The waiting project that waited longest, other than `after`, that nobody else holds now. */
export async function nextProject(
  deps: Deps,
  actor: StaffActor,
  after: string | null | undefined,
): Promise<string | null> {
  let query = deps.db
    .selectFrom('projects')
    .select('projects.id')
    .where('projects.status', 'in', [...WAITING])
    .where(notHeldByOthers('project', 'projects.id', actor, new Date(deps.config.now())));
  const skip = parseId(after);
  if (skip !== null) query = query.where('projects.id', '!=', skip);
  const row = await query.orderBy('projects.updated_at').orderBy('projects.id').limit(1).executeTakeFirst();
  return row ? String(row.id) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// One project

async function memberSummary(db: Db, userId: number, projectId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'sur_name', 'cpf', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const others = await db
    .selectFrom('projects')
    .select(['id', 'title', 'status', 'published_at', 'created_at', 'points'])
    .where('user_id', '=', userId)
    .where('id', '!=', projectId)
    .orderBy('id', 'desc')
    .limit(OTHER_PROJECTS_MAX)
    .execute();
  return {
    id: String(user.id),
    name: `${user.name} ${user.sur_name}`.trim(),
    cpfMasked: hideCpf(user.cpf),
    since: user.created_at,
    otherProjects: others.map((p) => ({
      id: String(p.id),
      title: p.title,
      status: p.status,
      published: p.published_at !== null,
      createdAt: p.created_at,
      points: p.points,
    })),
  };
}

async function detailOf(deps: Deps, actor: StaffActor, project: ProjectRow) {
  const { db, config } = deps;
  const now = config.now();
  const view = await toView(db, config, project);
  const lease = (await liveLeases(db, actor, 'project', [project.id], new Date(now))).get(project.id);
  const signed = (source: string, id: string) => staffFileUrl(config.jwtSecret, source, Number(id), actor.staffId, now);
  return {
    id: view.id,
    title: view.title,
    environment: ENVIRONMENT_LABELS[view.environment],
    description: view.description,
    uf: view.uf,
    city: view.city,
    finishedMonth: view.finishedMonth,
    status: project.status,
    createdAt: project.created_at,
    updatedAt: project.updated_at,
    rejectionReason: project.rejection_reason,
    points: project.points,
    publishConsent: project.publish_consent === 1,
    published: project.published_at !== null,
    publishedAt: project.published_at,
    campaignTitle: project.campaign_title,
    riskReason: project.risk_reason,
    products: view.products.map((p) => ({ name: p.name, category: p.category })),
    invoices: view.invoices,
    photos: view.photos.map((p) => ({
      id: p.id,
      position: p.position,
      width: p.width,
      height: p.height,
      url: signed(PHOTO_SOURCE, p.id),
      thumbnailUrl: signed(THUMBNAIL_SOURCE, p.id),
    })),
    events: view.events.map((e) => ({ status: e.status.toLowerCase(), note: e.note, at: e.at })),
    member: await memberSummary(db, project.user_id, project.id),
    suggestedPoints: PROJECT_APPROVAL_POINTS,
    publishBlocker: project.published_at === null ? publishBlocker(project) : null,
    lease: lease ?? null,
    approvalRequest: await approvalRequestOf(db, 'project', project.id, actor.staffId),
  };
}

async function findProject(db: Db, id: string): Promise<ProjectRow> {
  const projectId = parseId(id);
  const project =
    projectId === null
      ? undefined
      : await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
  if (!project) throw notFound(STAFF_PROJECT_MESSAGES.notFound);
  return project;
}

export async function projectDetail(deps: Deps, actor: StaffActor, id: string) {
  return detailOf(deps, actor, await findProject(deps.db, id));
}

// ---------------------------------------------------------------------------------------------------------------
// Approve, refuse, publish: the module's actions (actions.ts), answered with the project as the reviewer now sees it.

function idOf(id: string): number {
  const projectId = parseId(id);
  if (projectId === null) throw notFound(STAFF_PROJECT_MESSAGES.notFound);
  return projectId;
}

export async function approveAsStaff(
  deps: Deps,
  actor: StaffActor,
  args: { id: string; points: number; confirmed?: boolean | null },
) {
  const { project } = await approveProject(deps, actor, idOf(args.id), args.points, {
    confirmed: args.confirmed === true,
  });
  return detailOf(deps, actor, project);
}

export async function confirmApprovalAsStaff(deps: Deps, actor: StaffActor, id: string) {
  const { project } = await confirmProjectApproval(deps, actor, idOf(id));
  return detailOf(deps, actor, project);
}

export async function unpublishAsStaff(deps: Deps, actor: StaffActor, id: string, reason: string) {
  return detailOf(deps, actor, await unpublishProject(deps, actor, idOf(id), reason));
}

export async function rejectAsStaff(deps: Deps, actor: StaffActor, id: string, reason: string) {
  return detailOf(deps, actor, await rejectProject(deps, actor, idOf(id), reason));
}

export async function publishAsStaff(deps: Deps, actor: StaffActor, id: string) {
  const { project } = await publishProject(deps, actor, idOf(id));
  return detailOf(deps, actor, project);
}
