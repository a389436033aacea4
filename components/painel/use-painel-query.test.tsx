import { act, renderHook, waitFor } from '@testing-library/react';
import { QStaffAudit, QStaffMe } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import { usePainelQuery } from './use-painel-query';

jest.mock('@/lib/painel/request', () => ({ painelRequest: jest.fn() }));
const request = jest.mocked(painelRequest);

const me = { id: '7', name: 'Rui', email: 'rui@clube.test', roles: ['revisor' as const], sessionExpiresAt: 'x' };

describe('usePainelQuery', () => {
  beforeEach(() => request.mockReset());

  it('loads on mount, and a refetch after an error asks again', async () => {
    request.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ staffMe: me });
    const { result } = renderHook(() => usePainelQuery(QStaffMe, { variables: {} }));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.error?.message).toBe('offline'));
    expect(result.current.data).toBeUndefined();
    await act(() => result.current.refetch());
    expect(result.current).toMatchObject({ data: { staffMe: me }, error: undefined, loading: false });
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('stays idle while skipped', () => {
    const { result } = renderHook(() => usePainelQuery(QStaffMe, { variables: {}, skip: true }));
    expect(result.current.loading).toBe(false);
    expect(request).not.toHaveBeenCalled();
  });

  it('asks again when the variables change, and aborts what is on its way when the page goes', async () => {
    request.mockImplementation(() => new Promise(() => {}));
    const { rerender, unmount } = renderHook(
      ({ actor }) => usePainelQuery(QStaffAudit, { variables: { filter: { actor }, first: 50 } }),
      { initialProps: { actor: 'ana' } },
    );
    rerender({ actor: 'ana' });
    expect(request).toHaveBeenCalledTimes(1);
    rerender({ actor: 'rui' });
    expect(request).toHaveBeenCalledTimes(2);
    const first = request.mock.calls[0]![2]!.signal!;
    const second = request.mock.calls[1]![2]!.signal!;
    expect(first.aborted).toBe(true);
    expect(request.mock.calls[1]![1]).toEqual({ filter: { actor: 'rui' }, first: 50 });
    unmount();
    expect(second.aborted).toBe(true);
  });
});
