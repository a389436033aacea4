// Every query of the content module: campaigns, promotions, the rule book and the FAQ as imported entries, their
// images, and the promotions' survey answers.
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type {
  ContentAssetsTable,
  ContentEntriesTable,
  Database,
  Db,
  SurveyResponsesTable,
  ContentKind,
} from '../../db/schema';

export type ContentStatusFilter = 'ACTIVE' | 'UPCOMING' | 'ENDED' | null | undefined;

/**
 * The rows a reader sees: published ones, or in preview the draft of each item where there is one and its
 * published version otherwise (so a draft-only item shows up too).
 */
function visibleEntries(db: Db, kind: ContentKind, preview: boolean) {
  const base = db
    .selectFrom('content_entries as e')
    .leftJoin('content_assets as a', 'a.id', 'e.banner_asset_id')
    .selectAll('e')
    .select(['a.width as banner_width', 'a.height as banner_height'])
    .where('e.kind', '=', kind);
  if (!preview) return base.where('e.state', '=', 'published');
  return base.where((eb: ExpressionBuilder<Database & { e: Database['content_entries'] }, 'e'>) =>
    eb.or([
      eb('e.state', '=', 'draft'),
      eb.and([
        eb('e.state', '=', 'published'),
        eb.not(
          eb.exists(
            eb
              .selectFrom('content_entries as d')
              .select('d.id')
              .where('d.state', '=', 'draft')
              .whereRef('d.kind', '=', 'e.kind')
              .whereRef('d.parent_key', '=', 'e.parent_key')
              .whereRef('d.key', '=', 'e.key'),
          ),
        ),
      ]),
    ]),
  );
}

export type VisibleRow = Awaited<ReturnType<ReturnType<typeof visibleEntries>['executeTakeFirstOrThrow']>>;

/**
 * One page of campaigns or promotions with the total: active first, then upcoming, then ended; newest start first
 * inside each group. `today` is the Brasília day the statuses are computed for.
 */
export async function periodicPage(
  db: Db,
  kind: 'campaign' | 'promotion',
  options: { preview: boolean; status: ContentStatusFilter; today: string; page: number; pageSize: number },
): Promise<{ rows: VisibleRow[]; total: number }> {
  const { today } = options;
  let query = visibleEntries(db, kind, options.preview);
  if (options.status === 'ACTIVE') query = query.where('e.starts_on', '<=', today).where('e.ends_on', '>=', today);
  if (options.status === 'UPCOMING') query = query.where('e.starts_on', '>', today);
  if (options.status === 'ENDED') query = query.where('e.ends_on', '<', today);
  const total =
    (
      await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0;
  const rows = await query
    .orderBy(sql`case when e.starts_on > ${today} then 1 when e.ends_on < ${today} then 2 else 0 end`)
    .orderBy('e.starts_on', 'desc')
    .orderBy('e.id')
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  return { rows, total: Number(total) };
}

export const findVisible = (db: Db, kind: ContentKind, preview: boolean, parentKey: string, key: string) =>
  visibleEntries(db, kind, preview).where('e.parent_key', '=', parentKey).where('e.key', '=', key).executeTakeFirst();

/** Published rule-book versions, newest start first. */
export const publishedRuleBooks = (db: Db) =>
  visibleEntries(db, 'rule-book', false).orderBy('e.starts_on', 'desc').execute();

/** The newest rule-book draft, if any. */
export const newestRuleBookDraft = (db: Db) =>
  visibleEntries(db, 'rule-book', true)
    .where('e.state', '=', 'draft')
    .orderBy('e.starts_on', 'desc')
    .executeTakeFirst();

export const faqItemsOf = (db: Db, subjectKey: string, preview: boolean) =>
  visibleEntries(db, 'faq-item', preview)
    .where('e.parent_key', '=', subjectKey)
    .orderBy('e.position')
    .orderBy('e.title')
    .execute();

export const faqSubjects = (db: Db, preview: boolean) =>
  visibleEntries(db, 'faq-subject', preview).orderBy('e.position').orderBy('e.title').execute();

export async function hasAnswered(db: Db, promotionKey: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('survey_responses')
    .select('id')
    .where('promotion_key', '=', promotionKey)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSurveyResponse(db: Db, response: Insertable<SurveyResponsesTable>): Promise<void> {
  await db.insertInto('survey_responses').values(response).execute();
}

export const findAsset = (db: Db, id: string) =>
  db.selectFrom('content_assets').select(['mime', 'bytes']).where('id', '=', id).executeTakeFirst();

// ---- Import ----------------------------------------------------------------------------------------------------

/** An image is identified by its content hash: the same id is the same bytes, kept once. */
export async function insertAssetOnce(db: Db, asset: Insertable<ContentAssetsTable>): Promise<void> {
  await db
    .insertInto('content_assets')
    .values(asset)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Inserts an entry or updates it in place: an item is its kind, parent, key and state. */
export async function upsertEntry(db: Db, values: Insertable<ContentEntriesTable> & { updated_at: string }) {
  await db
    .insertInto('content_entries')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['kind', 'parent_key', 'key', 'state']).doUpdateSet({
        position: values.position,
        starts_on: values.starts_on,
        ends_on: values.ends_on,
        title: values.title,
        summary: values.summary,
        body_html: values.body_html,
        banner_asset_id: values.banner_asset_id,
        banner_alt: values.banner_alt,
        data: values.data,
        updated_at: values.updated_at,
      }),
    )
    .execute();
}

/** Removes an item's draft; answers how many rows went (0 or 1). */
export async function deleteDraft(db: Db, kind: ContentKind, parentKey: string, key: string): Promise<number> {
  const result = await db
    .deleteFrom('content_entries')
    .where('kind', '=', kind)
    .where('parent_key', '=', parentKey)
    .where('key', '=', key)
    .where('state', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** True once any content was imported; the seed only loads the bundled content into an empty club. */
export async function hasContent(db: Db): Promise<boolean> {
  const row = await db.selectFrom('content_entries').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
