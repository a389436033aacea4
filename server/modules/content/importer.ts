import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ContentBundle } from './source';

export interface ImportSummary {
  readonly published: number;
  readonly drafts: number;
  /** Drafts removed because their item was published by this import. */
  readonly draftsCleared: number;
  readonly images: number;
}

/**
 * Loads or updates the bundle in one transaction: an item is identified by kind, parent and key, so importing the
 * same folder again updates in place. Publishing an item removes its old draft (the draft has been published),
 * unless the same import brings a new draft of it. Items missing from the folder are left as they are.
 */
export async function importContent(
  db: Kysely<Database>,
  bundle: ContentBundle,
  now: Date = new Date(),
): Promise<ImportSummary> {
  const stamp = now.toISOString();
  const draftIds = new Set(
    bundle.entries.filter((e) => e.state === 'draft').map((e) => `${e.kind}/${e.parentKey}/${e.key}`),
  );
  let draftsCleared = 0;
  await db.transaction().execute(async (trx) => {
    for (const asset of bundle.assets.values()) {
      await trx
        .insertInto('content_assets')
        .values({ id: asset.id, mime: asset.mime, width: asset.width, height: asset.height, bytes: asset.bytes })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    for (const e of bundle.entries) {
      const values = {
        kind: e.kind,
        parent_key: e.parentKey,
        key: e.key,
        state: e.state,
        position: e.position,
        starts_on: e.startsOn,
        ends_on: e.endsOn,
        title: e.title,
        summary: e.summary,
        body_html: e.bodyHtml,
        banner_asset_id: e.bannerAssetId,
        banner_alt: e.bannerAlt,
        data: JSON.stringify(e.data),
        updated_at: stamp,
      };
      await trx
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
            updated_at: stamp,
          }),
        )
        .execute();
      if (e.state === 'published' && !draftIds.has(`${e.kind}/${e.parentKey}/${e.key}`)) {
        const result = await trx
          .deleteFrom('content_entries')
          .where('kind', '=', e.kind)
          .where('parent_key', '=', e.parentKey)
          .where('key', '=', e.key)
          .where('state', '=', 'draft')
          .executeTakeFirst();
        draftsCleared += Number(result.numDeletedRows);
      }
    }
  });
  return {
    published: bundle.entries.filter((e) => e.state === 'published').length,
    drafts: bundle.entries.filter((e) => e.state === 'draft').length,
    draftsCleared,
    images: bundle.assets.size,
  };
}

/** True once any content was imported; the seed only loads the bundled content into an empty club. */
export async function hasContent(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('content_entries').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
