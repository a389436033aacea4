import { join } from 'node:path';
import { createDatabase } from '../server/db/database';
import { appendEntries } from '../server/modules/points/ledger';
import { dataDir } from './club-cli';
import { createInvoiceMember, type InvoiceMember } from './invoices-helpers';

/**
 * A fresh member holding `points` (one credit made now, straight in the test server's database as the ledger makes
 * every credit), so a spec can move points without touching the demo member's balance other specs read.
 */
export async function createMemberWithPoints(points: number): Promise<InvoiceMember> {
  const member = await createInvoiceMember();
  const db = createDatabase({ file: join(dataDir(), 'club.sqlite') });
  try {
    const { id } = await db.selectFrom('users').select('id').where('email', '=', member.email).executeTakeFirstOrThrow();
    await appendEntries(db, id, [{ userId: id, kind: 'credit', points, description: 'Crédito de teste' }], new Date());
    return member;
  } finally {
    await db.destroy();
  }
}
