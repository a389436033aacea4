import type { Kysely } from 'kysely';
import { createDatabase } from './database';
import { lastingMemo } from './lasting-memo';
import type { Database } from './schema';

describe('answers remembered per database handle', () => {
  let first: Kysely<Database>;
  let second: Kysely<Database>;
  beforeEach(() => {
    first = createDatabase({ file: ':memory:' });
    second = createDatabase({ file: ':memory:' });
  });
  afterEach(async () => {
    await first.destroy();
    await second.destroy();
  });

  it('reads a key once per handle, and another handle reads its own', async () => {
    const memo = lastingMemo<string>(10);
    const load = jest.fn(async () => 'Marceneiro');
    expect(await memo(first, 'career:1', load)).toBe('Marceneiro');
    expect(await memo(first, 'career:1', load)).toBe('Marceneiro');
    expect(load).toHaveBeenCalledTimes(1);
    expect(await memo(second, 'career:1', async () => 'Designer')).toBe('Designer');
    expect(await memo(first, 'career:1', async () => 'Designer')).toBe('Marceneiro');
  });

  it('asks again for what was not there yet', async () => {
    const memo = lastingMemo<string>(10);
    expect(await memo(first, 'city:9', async () => undefined)).toBeUndefined();
    expect(await memo(first, 'city:9', async () => 'Curitiba')).toBe('Curitiba');
  });

  it('forgets the oldest keys past its size', async () => {
    const memo = lastingMemo<number>(2);
    for (const n of [1, 2, 3]) await memo(first, `k${n}`, async () => n);
    const load = jest.fn(async () => 10);
    expect(await memo(first, 'k3', load)).toBe(3);
    expect(await memo(first, 'k2', load)).toBe(2);
    expect(await memo(first, 'k1', load)).toBe(10);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
