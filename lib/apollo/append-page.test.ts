import { appendPage } from './append-page';

describe('appendPage', () => {
  it('puts the fetched items after the shown ones and takes the fetched cursor and totals', () => {
    type Page = { data: { id: number }[]; nextCursor: string | null; hasMore: boolean; total: number };
    const shown: Page = { data: [{ id: 1 }, { id: 2 }], nextCursor: 'a', hasMore: true, total: 3 };
    const fetched: Page = { data: [{ id: 3 }], nextCursor: null, hasMore: false, total: 3 };
    expect(appendPage(shown, fetched)).toEqual({
      data: [{ id: 1 }, { id: 2 }, { id: 3 }],
      nextCursor: null,
      hasMore: false,
      total: 3,
    });
  });

  it('starts from the fetched page when nothing was shown', () => {
    expect(appendPage(null, { data: [{ id: 9 }], page: 2 })).toEqual({ data: [{ id: 9 }], page: 2 });
  });
});
