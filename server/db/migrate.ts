import { Migrator, type Kysely } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations';

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Falha ao migrar o banco de dados${name}.`, { cause: error });
  }
}
