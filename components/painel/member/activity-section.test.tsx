import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QStaffMemberInvoices, QStaffMemberOrders, type StaffMemberDetailFieldsFragment } from '@/lib/painel/members';
import { painelRequest } from '@/lib/painel/request';
import { ActivitySection } from './activity-section';

jest.mock('@/lib/painel/request', () => ({ painelRequest: jest.fn() }));
const request = jest.mocked(painelRequest);

const member = {
  id: '7',
  invoiceCount: 12,
  projectCount: 0,
  projects: [],
  orderCount: 1,
} as unknown as StaffMemberDetailFieldsFragment;

const invoice = (id: number) => ({
  id: String(id),
  status: 'approved',
  createdAt: '2026-11-24T17:56:00.000Z',
  issuer: 'Madeireira Exemplo',
  totalCents: 25000,
  points: 250,
  rejectionReason: null,
});

beforeEach(() => {
  request.mockReset();
  request.mockImplementation((async (document: unknown, variables: { after?: string | null }) => {
    if (document === QStaffMemberInvoices) {
      const ids = variables.after ? [2, 1] : [12, 11, 10, 9, 8, 7, 6, 5, 4, 3];
      return { staffMemberInvoices: { rows: ids.map(invoice), nextCursor: variables.after ? null : 'c3' } };
    }
    if (document === QStaffMemberOrders) {
      return {
        staffMemberOrders: {
          rows: [
            {
              id: '5',
              reward: 'Trena 5 m',
              status: 'shipped',
              points: 900,
              createdAt: '2026-11-20T12:00:00.000Z',
              trackingCode: 'AB123456789BR',
              cancelReason: null,
            },
          ],
          nextCursor: null,
        },
      };
    }
    throw new Error('unexpected document');
  }) as never);
});

describe('ActivitySection', () => {
  it('shows the totals and pages the invoices with "Carregar mais notas" until the last', async () => {
    render(<ActivitySection member={member} />);
    expect(screen.getByRole('heading', { name: 'Notas fiscais (12 no total)', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Resgates (1 no total)', level: 3 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Notas fiscais, a mais recente primeiro' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais notas' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(13));
    expect(within(table).getByRole('rowheader', { name: '#1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais notas' })).not.toBeInTheDocument();
    expect(request).toHaveBeenLastCalledWith(QStaffMemberInvoices, { id: '7', first: 10, after: 'c3' });
    const orders = screen.getByRole('table', { name: 'Resgates, o mais recente primeiro' });
    expect(within(orders).getByText('Rastreio AB123456789BR')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais resgates' })).not.toBeInTheDocument();
  });
});
