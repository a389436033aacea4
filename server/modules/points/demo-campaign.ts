import type { Db } from '../../db/schema';
import { todayInBrazil } from '../../../common/format/dates';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo's running campaign: edge bands (`fitas`) earn double, every other line keeps its base rate. */
export const DEMO_CAMPAIGN_CODE = 'fitas-em-dobro';

/**
 * Seeds the demo campaign once, running from 90 days before the first start to 60 days after it (the dates move
 * with the start, so the demo never shows it ended): Ana's invoice of two months ago shows its bonus, and "Como
 * ganhar pontos" lists it as running.
 */
export async function seedDemoCampaign(db: Db, now: number): Promise<void> {
  const existing = await db
    .selectFrom('point_rules')
    .select('id')
    .where('code', '=', DEMO_CAMPAIGN_CODE)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('point_rules')
    .values({
      code: DEMO_CAMPAIGN_CODE,
      version: 1,
      name: 'Fitas de borda em dobro',
      kind: 'multiplier',
      rate: 200,
      lines: JSON.stringify(['fitas']),
      starts_on: todayInBrazil(now - 90 * DAY_MS),
      ends_on: todayInBrazil(now + 60 * DAY_MS),
      budget_points: 1_000_000,
      created_at: new Date(now).toISOString(),
      created_by: 'Dados de demonstração',
    })
    .execute();
}
