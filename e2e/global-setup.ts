import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedReferenceData } from '../server/seed';
import { createMember, findUserByCpf } from '../server/modules/users/repository';
import { PASSWORD, testMembers } from './members';

/** Adds the e2e members to the throw-away database the test server uses. */
export default async function globalSetup(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';
  mkdirSync(dataDir, { recursive: true });
  const db = createDatabase({ file: join(dataDir, 'club.sqlite') });
  try {
    await migrateToLatest(db);
    await seedReferenceData(db);
    for (const member of Object.values(testMembers)) {
      if (!(await findUserByCpf(db, member.cpf))) {
        await createMember(db, { emailConfirmed: true, accountType: 'member', password: PASSWORD, ...member });
      }
    }
  } finally {
    await db.destroy();
  }
}
