import type { Insertable } from 'kysely';
import type { Db, RewardsTable } from '../../../db/schema';

/** A reward for a test, active and in stock: the plainest redemption (neither an address nor a code) unless `fields` say. */
export async function insertTestReward(
  db: Db,
  slug: string,
  at: Date,
  fields: Partial<Insertable<RewardsTable>> = {},
): Promise<void> {
  const stamp = at.toISOString();
  await db
    .insertInto('rewards')
    .values({
      slug,
      name: `Prêmio ${slug}`,
      category: 'experiencias',
      type: 'experiencia',
      points: 500,
      stock: 10,
      per_member_limit: null,
      active_from: null,
      active_to: null,
      delivery: 'Por e-mail.',
      description: 'Um prêmio de teste.',
      created_at: stamp,
      updated_at: stamp,
      ...fields,
    })
    .execute();
}
