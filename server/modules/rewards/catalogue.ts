import path from 'node:path';
import type { Db } from '../../db/schema';
import { insertMissingRewards } from './repository';
import { readRewardFolder, type RewardSource } from './source';

/** The catalogue shipped with the app: content/premios/<slug>.md at the repository root. */
export const SEED_REWARDS_DIR = path.resolve(__dirname, '..', '..', '..', 'content', 'premios');

export const rewardRow = (r: RewardSource, at: string) => ({
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
  created_at: at,
  updated_at: at,
});

let shipped: RewardSource[] | undefined;

/**
 * The shipped catalogue, written at every start when missing (by slug) and never overwritten here: afterwards the
 * files are loaded with `npm run rewards -- import` and the stock is the operator's (`npm run rewards -- stock`).
 * Read once per process: the seed runs for every test database.
 */
export async function seedRewardCatalogue(db: Db): Promise<void> {
  shipped ??= readRewardFolder(SEED_REWARDS_DIR);
  const at = new Date().toISOString();
  await insertMissingRewards(
    db,
    shipped.map((r) => rewardRow(r, at)),
  );
}
