import type { Db } from '../../db/schema';
import * as repo from './repository';
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
export async function importContent(db: Db, bundle: ContentBundle, now: Date = new Date()): Promise<ImportSummary> {
  const stamp = now.toISOString();
  const draftIds = new Set(
    bundle.entries.filter((e) => e.state === 'draft').map((e) => `${e.kind}/${e.parentKey}/${e.key}`),
  );
  let draftsCleared = 0;
  await db.transaction().execute(async (trx) => {
    for (const asset of bundle.assets.values()) {
      await repo.insertAssetOnce(trx, {
        id: asset.id,
        mime: asset.mime,
        width: asset.width,
        height: asset.height,
        bytes: asset.bytes,
      });
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
      await repo.upsertEntry(trx, values);
      if (e.state === 'published' && !draftIds.has(`${e.kind}/${e.parentKey}/${e.key}`)) {
        draftsCleared += await repo.deleteDraft(trx, e.kind, e.parentKey, e.key);
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

export { hasContent } from './repository';
