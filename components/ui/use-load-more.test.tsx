import { act, renderHook } from '@testing-library/react';
import { NETWORK_ERROR_MESSAGE } from '@/lib/apollo/errors';
import { useLoadMore } from './use-load-more';

describe('useLoadMore', () => {
  it('asks for the next page once however often the button is tapped while it loads', async () => {
    let finish: () => void = () => undefined;
    const load = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useLoadMore(load));

    act(() => result.current.loadMore());
    expect(result.current.loadingMore).toBe(true);
    act(() => result.current.loadMore());
    await act(async () => finish());

    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.loadingMore).toBe(false);
  });

  it('says in Portuguese why a page failed and lets the member try again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(undefined);
    const { result } = renderHook(() => useLoadMore(load));

    await act(async () => result.current.loadMore());
    expect(result.current.loadMoreError).toBe(NETWORK_ERROR_MESSAGE);
    expect(result.current.loadingMore).toBe(false);

    await act(async () => result.current.loadMore());
    expect(result.current.loadMoreError).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does nothing when there is no further page', () => {
    const { result } = renderHook(() => useLoadMore(null));
    act(() => result.current.loadMore());
    expect(result.current.loadingMore).toBe(false);
  });
});
