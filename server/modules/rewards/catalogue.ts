import path from 'node:path';
import type { Db } from '../../db/schema';
import { keepPictures, withSizedPhotos, type LoadedReward } from './photos';
import { allRewards, insertMissingRewards } from './repository';
import { readRewardFolder } from './source';

/** The catalogue shipped with the app: content/premios/<slug>.md at the repository root. */
export const SEED_REWARDS_DIR = path.resolve(__dirname, '..', '..', '..', 'content', 'premios');

export const rewardRow = (r: LoadedReward, at: string) => ({
  slug: r.slug,
  name: r.name,
  category: r.category,
  type: r.type,
  points: r.points,
  stock: r.stock,
  per_member_limit: r.perMemberLimit,
  active_from: r.activeFrom,
  active_to: r.activeTo,
  delivery: r.delivery,
  description: r.description,
  photos: JSON.stringify(r.storedPhotos),
  draft: r.draft ? 1 : 0,
  created_at: at,
  updated_at: at,
});

/** The rewards of a folder, their photos sized: what an import or the seed writes. */
export const loadRewardFolder = async (folder: string, options: { asDraft?: boolean } = {}) =>
  withSizedPhotos(readRewardFolder(folder, options));

let shipped: Promise<LoadedReward[]> | undefined;

/**
 * The shipped catalogue, written at every start when missing (by slug) and never overwritten here: afterwards the
 * files are loaded with `npm run rewards -- import` and the stock is the operator's (`npm run rewards -- stock`).
 * Read (and its photos sized) once per process: the seed runs for every test database.
 */
export async function seedRewardCatalogue(db: Db): Promise<void> {
  shipped ??= loadRewardFolder(SEED_REWARDS_DIR);
  const present = new Set((await allRewards(db)).map((r) => r.slug));
  const missing = (await shipped).filter((r) => !present.has(r.slug));
  if (missing.length === 0) return;
  const at = new Date().toISOString();
  await keepPictures(db, missing);
  await insertMissingRewards(
    db,
    missing.map((r) => rewardRow(r, at)),
  );
}
