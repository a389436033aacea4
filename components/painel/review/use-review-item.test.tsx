import { act, renderHook, waitFor } from '@testing-library/react';
import {
  MStaffReleaseInvoice,
  MStaffTakeInvoice,
  QStaffInvoice,
  type QStaffInvoiceQuery,
} from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import { reviewDesk } from './review-desk';
import { FILE_LINK_RENEW_MS, useReviewItem } from './use-review-item';

jest.mock('@/lib/painel/request', () => ({ painelRequest: jest.fn() }));
const request = jest.mocked(painelRequest);

const desk = reviewDesk(
  [QStaffInvoice, 'staffInvoice'],
  [MStaffTakeInvoice, 'staffTakeInvoice', MStaffReleaseInvoice],
  {
    title: 'Analisar nota fiscal',
    choose: null,
    loadingLabel: 'Carregando a nota…',
    href: (id) => `/painel/notas/revisar?id=${id}`,
    isWaiting: (status) => status === 'in_review',
  },
);

const answer = (url: string) =>
  ({ staffInvoice: { status: 'approved', files: [{ id: '5', url }] } }) as unknown as QStaffInvoiceQuery;

describe('a review page left open', () => {
  afterEach(() => jest.useRealTimers());

  it('asks for the item again before its 5-minute file links end, and shows the new links', async () => {
    jest.useFakeTimers();
    request
      .mockResolvedValueOnce(answer('/painel/arquivos/nota-5?e=1'))
      .mockResolvedValueOnce(answer('/painel/arquivos/nota-5?e=2'));
    const { result } = renderHook(() => useReviewItem(desk, '12'));
    await waitFor(() => expect(result.current.item).not.toBeNull());
    expect(FILE_LINK_RENEW_MS).toBeLessThan(5 * 60 * 1000);
    await act(async () => {
      jest.advanceTimersByTime(FILE_LINK_RENEW_MS);
    });
    await waitFor(() =>
      expect((result.current.item as unknown as ReturnType<typeof answer>['staffInvoice']).files[0]!.url).toBe(
        '/painel/arquivos/nota-5?e=2',
      ),
    );
    expect(request).toHaveBeenCalledTimes(2);
  });
});
