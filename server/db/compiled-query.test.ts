import '../test/esm-shims';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { compiledQuery } from './compiled-query';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.drop());

describe('a query compiled once and run with new values', () => {
  const statesFrom = compiledQuery<[from: string, to: string, limit: number], { uf: string }>(
    3,
    (db, from, to, limit) =>
      db.selectFrom('states').select('uf').where('uf', '>=', from).where('uf', '<=', to).orderBy('uf').limit(limit),
  );

  it('answers as the same query built anew, for each call’s values', async () => {
    for (const [from, to, limit] of [
      ['A', 'M', 3],
      ['P', 'S', 10],
      ['Z', 'Z', 5],
    ] as const) {
      const expected = await t.db
        .selectFrom('states')
        .select('uf')
        .where('uf', '>=', from)
        .where('uf', '<=', to)
        .orderBy('uf')
        .limit(limit)
        .execute();
      expect(await statesFrom(t.db, from, to, limit)).toEqual(expected);
    }
    expect((await statesFrom(t.db, 'P', 'S', 10)).map((r) => r.uf)).toEqual([
      'PA',
      'PB',
      'PE',
      'PI',
      'PR',
      'RJ',
      'RN',
      'RO',
      'RR',
      'RS',
    ]);
  });

  it('runs inside a transaction on its connection', async () => {
    const found = await t.db.transaction().execute((trx) => statesFrom(trx, 'SP', 'SP', 1));
    expect(found).toEqual([{ uf: 'SP' }]);
  });

  it('refuses a build that leaves a value out of the SQL', async () => {
    const broken = compiledQuery<[uf: string], { uf: string }>(1, (db) => db.selectFrom('states').select('uf'));
    await expect(broken(t.db, 'SP')).rejects.toThrow('value 0');
  });
});
