import SqliteDatabase from 'better-sqlite3';
import { withStatementCache } from './database';

describe('compiled statements kept per SQL text (SQLite)', () => {
  let sqlite: SqliteDatabase.Database;
  beforeEach(() => {
    sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('create table t (n integer)');
    sqlite.exec('insert into t values (1), (2), (3)');
  });
  afterEach(() => sqlite.close());

  it('compiles a SQL text once and hands the same statement back', () => {
    const cached = withStatementCache(sqlite);
    const first = cached.prepare('select n from t where n > ?');
    expect(cached.prepare('select n from t where n > ?')).toBe(first);
    expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare('select n from t where n > ?').all([2])).toEqual([{ n: 3 }]);
  });

  it('never hands out a statement still in the middle of an iteration', () => {
    const cached = withStatementCache(sqlite);
    const iterating = cached.prepare('select n from t');
    const rows = iterating.iterate();
    rows.next();
    const other = cached.prepare('select n from t');
    expect(other).not.toBe(iterating);
    expect(other.all()).toHaveLength(3);
    rows.return?.();
  });

  it('drops the least recently used statement when full', () => {
    const cached = withStatementCache(sqlite, 2);
    const a = cached.prepare('select 1');
    const b = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(a);
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2')).not.toBe(b);
  });

  it('sees a table changed after the statement was compiled', () => {
    const cached = withStatementCache(sqlite);
    expect(cached.prepare('select * from t limit 1').all()).toEqual([{ n: 1 }]);
    sqlite.exec('alter table t add column m integer default 7');
    expect(cached.prepare('select * from t limit 1').all()).toEqual([{ n: 1, m: 7 }]);
  });
});
