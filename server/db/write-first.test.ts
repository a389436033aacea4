import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { createDatabase } from './database';

/**
 * A member's write transaction reads before it writes (is this attempt a replay? is the key taken?). Another
 * process committing in that gap (the terminal approving an invoice) used to make SQLite refuse the member's first
 * write at once with SQLITE_BUSY: the member read "Erro interno". Transactions now take the write lock first.
 */
describe('SQLite write transactions', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'clube-sqlite-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('hold the write lock from their start, so another writer in the middle waits instead of breaking them', async () => {
    const file = path.join(dir, 'club.sqlite');
    const db = createDatabase({ file });
    await sql`create table notas (id integer primary key, origem text not null)`.execute(db);
    // The other process: its own handle on the file, waiting only briefly so the test needs no second process.
    const terminal = new SqliteDatabase(file);
    terminal.pragma('busy_timeout = 50');
    let terminalMet: string | null = null;

    await db.transaction().execute(async (trx) => {
      await sql`select count(*) from notas`.execute(trx);
      try {
        terminal.prepare("insert into notas (origem) values ('terminal')").run();
      } catch (error) {
        terminalMet = (error as { code?: string }).code ?? 'erro';
      }
      await sql`insert into notas (origem) values ('membro')`.execute(trx);
    });

    // The terminal waited for the lock (and would have got it once the member's commit was done).
    expect(terminalMet).toBe('SQLITE_BUSY');
    terminal.prepare("insert into notas (origem) values ('terminal')").run();
    const rows = await sql<{ origem: string }>`select origem from notas order by id`.execute(db);
    expect(rows.rows.map((r) => r.origem)).toEqual(['membro', 'terminal']);
    terminal.close();
    await db.destroy();
  });
});
