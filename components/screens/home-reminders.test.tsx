import { MockedProvider } from '@apollo/client/testing/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QHomeReminders } from '@/lib/home/operations';
import { HomeReminders } from './home-reminders';

jest.mock('next/navigation', () => ({ useRouter: () => ({ prefetch: jest.fn() }) }));

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function renderWith(expiring: { date: string; points: number }[], counts: { total: number; waiting: number }) {
  const answered = jest.fn(() => ({
    data: {
      pointsSummary: {
        __typename: 'PointsSummary' as const,
        expiring: expiring.map((e) => ({ __typename: 'ExpiringPoints' as const, ...e })),
      },
      myInvoiceCounts: { __typename: 'InvoiceCounts' as const, ...counts },
    },
  }));
  const view = render(
    <MockedProvider mocks={[{ request: { query: QHomeReminders }, result: answered }]}>
      <HomeReminders />
    </MockedProvider>,
  );
  return { ...view, answered };
}

describe('HomeReminders', () => {
  it('leads a new member to the first invoice', async () => {
    renderWith([], { total: 0, waiting: 0 });
    expect(await screen.findByRole('heading', { name: 'Envie sua primeira nota' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enviar minha primeira nota' })).toHaveAttribute('href', '/minhas-nfs');
  });

  it('says which points expire soon and how many invoices wait, with where to look', async () => {
    const soon = inDays(10);
    renderWith(
      [
        { date: soon, points: 980 },
        { date: inDays(80), points: 3000 },
      ],
      { total: 4, waiting: 1 },
    );
    const expiry = await screen.findByText((_, el) => el?.textContent === `980 pontos vencem em ${dayMonth(soon)}.`);
    expect(expiry).toBeInTheDocument();
    expect(screen.getByText((_, el) => el?.textContent === '1 nota em análise.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acompanhar nota' })).toHaveAttribute('href', '/minhas-nfs');
    expect(screen.queryByText('Envie sua primeira nota')).not.toBeInTheDocument();
  });

  it('shows nothing when nothing is urgent', async () => {
    const { container, answered } = renderWith([{ date: inDays(80), points: 3000 }], { total: 4, waiting: 0 });
    await waitFor(() => expect(answered).toHaveBeenCalled());
    // Let the answer render before looking: an empty page while loading proves nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('region', { name: 'Avisos' })).not.toBeInTheDocument();
  });
});
