import { act, renderHook, waitFor } from '@testing-library/react';
import { QStaffPartnerTransfers, type QStaffPartnerTransfersQuery } from '@/lib/painel/rewards';
import { painelRequest } from '@/lib/painel/request';
import { usePainelMore } from './use-painel-more';
import { usePainelQuery } from './use-painel-query';

jest.mock('@/lib/painel/request', () => ({ painelRequest: jest.fn() }));
const request = jest.mocked(painelRequest);

const row = (id: string) => ({
  id,
  status: 'REQUESTED' as const,
  memberName: 'Ana Souza',
  memberCpfMasked: '***.982.***-25',
  program: 'Programa Parceiro',
  accountId: '12345678',
  points: 1000,
  partnerPoints: 1000,
  partnerReference: null,
  refuseReason: null,
  lateAnswer: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  settledAt: null,
});
const page = (ids: string[], nextCursor: string | null): QStaffPartnerTransfersQuery => ({
  staffPartnerTransfers: { rows: ids.map(row), nextCursor },
});

function useList() {
  const variables = { status: 'REQUESTED' as const, first: 2 };
  const query = usePainelQuery(QStaffPartnerTransfers, { variables });
  return { query, paging: usePainelMore(QStaffPartnerTransfers, 'staffPartnerTransfers', variables, query) };
}

describe('usePainelMore', () => {
  beforeEach(() => request.mockReset());

  it('asks for the page after the shown one with the same variables and adds its rows below', async () => {
    request.mockResolvedValueOnce(page(['1', '2'], '2')).mockResolvedValueOnce(page(['3'], null));
    const { result } = renderHook(useList);
    await waitFor(() => expect(result.current.query.data).toBeDefined());
    await act(() => result.current.paging.more());
    expect(request.mock.calls[1]![1]).toEqual({ status: 'REQUESTED', first: 2, after: '2' });
    expect(result.current.query.data?.staffPartnerTransfers.rows.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(result.current.query.data?.staffPartnerTransfers.nextCursor).toBeNull();
  });

  it('keeps what is shown and the failure when the next page does not come', async () => {
    request.mockResolvedValueOnce(page(['1', '2'], '2')).mockRejectedValueOnce(new Error('offline'));
    const { result } = renderHook(useList);
    await waitFor(() => expect(result.current.query.data).toBeDefined());
    await act(() => result.current.paging.more());
    expect(result.current.paging).toMatchObject({ loading: false, error: new Error('offline') });
    expect(result.current.query.data?.staffPartnerTransfers.rows.map((r) => r.id)).toEqual(['1', '2']);
  });
});
