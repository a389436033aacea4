import type { Kysely, Migration } from 'kysely';

/**
 * The Brazilian state (UF) a trusted proxy or CDN said the session's IP is in, when one is configured
 * (GEO_REGION_HEADER); "Aparelhos conectados" shows it beside the device.
 */
export const deviceSessionRegion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('device_sessions').addColumn('region', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('device_sessions').dropColumn('region').execute();
  },
};
