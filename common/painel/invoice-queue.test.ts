import { queueDraftOf, queueQuery, queueSearch, QUEUE_FILTER_EMPTY } from './invoice-queue';

describe("a list's filters in the address", () => {
  it('keeps only the non-empty filters and reads them back, ignoring other parameters', () => {
    const draft = { ...QUEUE_FILTER_EMPTY, flagged: 'sim', search: 'Ana Souza', sort: 'NEWEST' };
    const search = queueSearch(draft);
    expect(search).toBe('?flagged=sim&search=Ana+Souza&sort=NEWEST');
    expect(queueDraftOf(`?id=12&${search.slice(1)}`)).toEqual(draft);
    expect(queueSearch(QUEUE_FILTER_EMPTY)).toBe('');
  });

  it('cuts a value too long for any field and sends an unknown order as the default', () => {
    const draft = queueDraftOf(`?search=${'a'.repeat(500)}&sort=DROP`);
    expect(draft.search).toHaveLength(200);
    expect(queueQuery(draft)).toEqual({ filter: { search: 'a'.repeat(200) }, sort: 'OLDEST' });
    expect(queueQuery({ ...QUEUE_FILTER_EMPTY, flagged: 'nao', hasXml: 'sim' }).filter).toEqual({
      flagged: false,
      hasXml: true,
    });
  });
});
