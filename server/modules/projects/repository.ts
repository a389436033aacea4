// Every query of the projects module: the services hold the rules, this file only reads and writes rows.
import type { Insertable, Updateable } from 'kysely';
import type {
  Db,
  ProjectEventsTable,
  ProjectPhotoRow,
  ProjectPhotosTable,
  ProjectRow,
  ProjectStatus,
  ProjectsTable,
} from '../../db/schema';

/** A connection or a transaction (a Kysely transaction is a Kysely). */

// ---- Catalogue -------------------------------------------------------------------------------------------------

/** Active product lines whose name or category contains every word given (already without accents, lower case). */
export function searchProducts(db: Db, words: readonly string[]) {
  let query = db.selectFrom('products').select(['id', 'name', 'category']).where('active', '=', 1);
  for (const word of words) query = query.where('search_text', 'like', `%${word}%`);
  return query.orderBy('position').execute();
}

export const activeProductIds = async (db: Db, ids: readonly string[]): Promise<string[]> =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('products')
          .select('id')
          .where('id', 'in', [...ids])
          .where('active', '=', 1)
          .execute()
      ).map((r) => r.id);

export const productsOf = (db: Db, projectIds: readonly number[]) =>
  db
    .selectFrom('project_products')
    .innerJoin('products', 'products.id', 'project_products.product_id')
    .select(['project_products.project_id', 'products.id', 'products.name', 'products.category'])
    .where('project_products.project_id', 'in', [...projectIds])
    .orderBy('project_products.position')
    .execute();

export async function replaceProducts(db: Db, projectId: number, productIds: readonly string[]): Promise<void> {
  await db.deleteFrom('project_products').where('project_id', '=', projectId).execute();
  await db
    .insertInto('project_products')
    .values(productIds.map((product_id, position) => ({ project_id: projectId, product_id, position })))
    .execute();
}

// ---- Invoices and campaigns a project names -------------------------------------------------------------------

/** Of `ids`, those that are the member's own approved invoices. */
export const ownApprovedInvoiceIds = async (db: Db, userId: number, ids: readonly number[]): Promise<number[]> =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('invoices')
          .select('id')
          .where('id', 'in', [...ids])
          .where('user_id', '=', userId)
          .where('status', '=', 'approved')
          .execute()
      ).map((r) => r.id);

export const invoicesOf = (db: Db, projectIds: readonly number[]) =>
  db
    .selectFrom('project_invoices')
    .innerJoin('invoices', 'invoices.id', 'project_invoices.invoice_id')
    .select([
      'project_invoices.project_id',
      'invoices.id',
      'invoices.number',
      'invoices.issuer_name',
      'invoices.issued_month',
    ])
    .where('project_invoices.project_id', 'in', [...projectIds])
    .orderBy('invoices.id')
    .execute();

export async function replaceInvoices(db: Db, projectId: number, invoiceIds: readonly number[]): Promise<void> {
  await db.deleteFrom('project_invoices').where('project_id', '=', projectId).execute();
  if (invoiceIds.length === 0) return;
  await db
    .insertInto('project_invoices')
    .values(invoiceIds.map((invoice_id) => ({ project_id: projectId, invoice_id })))
    .execute();
}

/** A published campaign or promotion by its key, with its period (YYYY-MM-DD, inclusive; null is open). */
export const publishedCampaign = (db: Db, slug: string) =>
  db
    .selectFrom('content_entries')
    .select(['key', 'title', 'starts_on', 'ends_on'])
    .where('kind', 'in', ['campaign', 'promotion'])
    .where('state', '=', 'published')
    .where('parent_key', '=', '')
    .where('key', '=', slug)
    .executeTakeFirst();

// ---- Projects --------------------------------------------------------------------------------------------------

export const findProjectById = (db: Db, id: number): Promise<ProjectRow | undefined> =>
  db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();

/** The member's own project, or nothing (another member's looks missing). */
export const findOwnProject = (db: Db, userId: number, id: number): Promise<ProjectRow | undefined> =>
  db.selectFrom('projects').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** Newest first: ids below `beforeId` when given, else skipping `offset` rows; `limit` rows. */
export function listOwnProjects(
  db: Db,
  userId: number,
  page: { beforeId: number | null; offset: number },
  limit: number,
): Promise<ProjectRow[]> {
  let query = db.selectFrom('projects').selectAll().where('user_id', '=', userId);
  if (page.beforeId !== null) query = query.where('id', '<', page.beforeId);
  else if (page.offset > 0) query = query.offset(page.offset);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export async function countOwnProjects(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // PostgreSQL answers count() as a string (bigint).
  return Number(row?.n ?? 0);
}

/** How many projects the member has, how many of them wait for review and how many were refused. */
export async function countOwnProjectsByState(
  db: Db,
  userId: number,
): Promise<{ total: number; waiting: number; refused: number }> {
  const rows = await db
    .selectFrom('projects')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', userId)
    .groupBy('status')
    .execute();
  // PostgreSQL answers count() as a string (bigint).
  const count = (statuses: readonly ProjectStatus[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    total: count(['received', 'in_review', 'approved', 'rejected']),
    waiting: count(['received', 'in_review']),
    refused: count(['rejected']),
  };
}

/** The member's projects in these states, the latest change first; `limit` rows. */
export const ownProjectsIn = (db: Db, userId: number, statuses: readonly ProjectStatus[], limit: number) =>
  db
    .selectFrom('projects')
    .select(['id', 'title', 'status', 'rejection_reason'])
    .where('user_id', '=', userId)
    .where('status', 'in', [...statuses])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** The project a member's attempt (idempotency key) already made. */
export const findByAttempt = (db: Db, userId: number, idempotencyKey: string): Promise<ProjectRow | undefined> =>
  db
    .selectFrom('projects')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();

export const currentStatus = async (db: Db, projectId: number): Promise<ProjectStatus> =>
  (await db.selectFrom('projects').select('status').where('id', '=', projectId).executeTakeFirstOrThrow()).status;

export const insertProject = (db: Db, values: Insertable<ProjectsTable>): Promise<ProjectRow> =>
  db.insertInto('projects').values(values).returningAll().executeTakeFirstOrThrow();

export const updateProject = (db: Db, projectId: number, values: Updateable<ProjectsTable>): Promise<ProjectRow> =>
  db.updateTable('projects').set(values).where('id', '=', projectId).returningAll().executeTakeFirstOrThrow();

export async function insertEvent(db: Db, event: Insertable<ProjectEventsTable>): Promise<void> {
  await db.insertInto('project_events').values(event).execute();
}

/** A re-send's event, found by the note that carries its attempt key. */
export const findEventByNote = (db: Db, projectId: number, note: string) =>
  db
    .selectFrom('project_events')
    .select('id')
    .where('project_id', '=', projectId)
    .where('note', '=', note)
    .executeTakeFirst();

export const eventsOf = (db: Db, projectIds: readonly number[]) =>
  db
    .selectFrom('project_events')
    .selectAll()
    .where('project_id', 'in', [...projectIds])
    .orderBy('id')
    .execute();

/** The terminal's list: projects waiting for review first (oldest first), then the rest, newest first. */
export const projectsForReview = (db: Db) =>
  db
    .selectFrom('projects')
    .innerJoin('users', 'users.id', 'projects.user_id')
    .select([
      'projects.id',
      'projects.title',
      'projects.status',
      'projects.city',
      'projects.uf',
      'projects.points',
      'projects.publish_consent',
      'projects.published_at',
      'projects.created_at',
      'projects.risk_reason',
      'users.name',
    ])
    .orderBy((eb) => eb.case().when('projects.status', 'in', ['received', 'in_review']).then(0).else(1).end())
    .orderBy('projects.id')
    .execute();

// ---- Photos ----------------------------------------------------------------------------------------------------

export const insertPhoto = (db: Db, values: Insertable<ProjectPhotosTable>): Promise<ProjectPhotoRow> =>
  db.insertInto('project_photos').values(values).returningAll().executeTakeFirstOrThrow();

export const findPhotoByAttempt = (db: Db, userId: number, idempotencyKey: string) =>
  db
    .selectFrom('project_photos')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();

/** Of `ids`, the member's own photos (another member's are simply not found). */
export const ownPhotos = (db: Db, userId: number, ids: readonly number[]): Promise<ProjectPhotoRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('project_photos')
        .selectAll()
        .where('id', 'in', [...ids])
        .where('user_id', '=', userId)
        .execute();

/**
 * Gives the member's photos to the project in the order given (0 is the cover), each only if still free (no
 * project, or this one). Answers how many were given: fewer than asked means another send took one meanwhile.
 */
export async function attachPhotos(
  db: Db,
  userId: number,
  projectId: number,
  photoIds: readonly number[],
): Promise<number> {
  let attached = 0;
  for (const [position, id] of photoIds.entries()) {
    const result = await db
      .updateTable('project_photos')
      .set({ project_id: projectId, position })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('project_id', 'is', null), eb('project_id', '=', projectId)]))
      .executeTakeFirst();
    attached += Number(result.numUpdatedRows);
  }
  return attached;
}

/** Removes the project's photos that are not in `keep`, and answers them so their files can go too. */
export async function removePhotosExcept(db: Db, projectId: number, keep: readonly number[]) {
  let query = db.deleteFrom('project_photos').where('project_id', '=', projectId);
  if (keep.length > 0) query = query.where('id', 'not in', [...keep]);
  return query.returning(['storage_path', 'thumbnail_path']).execute();
}

export const photosOf = (db: Db, projectIds: readonly number[]): Promise<ProjectPhotoRow[]> =>
  db
    .selectFrom('project_photos')
    .selectAll()
    .where('project_id', 'in', [...projectIds])
    .orderBy('project_id')
    .orderBy('position')
    .execute();

/** A photo for the signed-link route, with who may see it: its owner, or anyone once its project is published. */
export const findPhotoForLink = (db: Db, photoId: number) =>
  db
    .selectFrom('project_photos')
    .leftJoin('projects', 'projects.id', 'project_photos.project_id')
    .select([
      'project_photos.id',
      'project_photos.user_id',
      'project_photos.storage_path',
      'project_photos.thumbnail_path',
      'projects.published_at',
    ])
    .where('project_photos.id', '=', photoId)
    .executeTakeFirst();

/** Unattached photos uploaded before `before`: a form given up on. */
export const unattachedPhotosBefore = (db: Db, before: string, limit: number) =>
  db
    .selectFrom('project_photos')
    .select(['id', 'storage_path', 'thumbnail_path'])
    .where('project_id', 'is', null)
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Deletes a photo only if it is still unattached (a send may have taken it meanwhile); true when it went. */
export const deleteUnattachedPhoto = async (db: Db, photoId: number): Promise<boolean> =>
  (await db.deleteFrom('project_photos').where('id', '=', photoId).where('project_id', 'is', null).executeTakeFirst())
    .numDeletedRows > 0n;

export const isPhotoPathReferenced = async (db: Db, storagePath: string): Promise<boolean> =>
  !!(await db
    .selectFrom('project_photos')
    .select('id')
    .where((eb) => eb.or([eb('storage_path', '=', storagePath), eb('thumbnail_path', '=', storagePath)]))
    .executeTakeFirst());

/** Both sizes of every photo a member sent, in a project or not yet: what goes when the member is deleted. */
export async function memberPhotoKeys(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('project_photos')
    .select(['storage_path', 'thumbnail_path'])
    .where('user_id', '=', userId)
    .execute();
  return rows.flatMap((r) => [r.storage_path, r.thumbnail_path]);
}
