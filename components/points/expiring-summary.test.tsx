import { render, screen } from '@testing-library/react';
import { BalanceChart } from './balance-chart';
import { ExpiringSummary } from './expiring-summary';

describe('ExpiringSummary', () => {
  it('says the 90-day amount once, with the 30-day part inside it, instead of three numbers that read as a sum', () => {
    const { container } = render(<ExpiringSummary in30={980} in90={980} />);
    expect(container.textContent).toBe('Nos próximos 90 dias vencem 980 pontos, todos nos próximos 30 dias.');
  });

  it('tells the part that expires within 30 days', () => {
    const { container } = render(<ExpiringSummary in30={200} in90={1500} />);
    expect(container.textContent).toBe('Nos próximos 90 dias vencem 1.500 pontos, dos quais 200 nos próximos 30 dias.');
  });

  it('says when nothing expires', () => {
    render(<ExpiringSummary in30={0} in90={0} />);
    expect(screen.getByText('Nenhum ponto vence nos próximos 90 dias.')).toBeInTheDocument();
  });
});

describe('BalanceChart', () => {
  it('writes each month’s balance on its bar and keeps the exact values in a table', () => {
    render(
      <BalanceChart
        history={[
          { month: '2026-10', balance: 980 },
          { month: '2026-11', balance: 12_345 },
        ]}
      />,
    );
    const labels = [...document.querySelectorAll('.balance-chart__value')].map((t) =>
      t.textContent?.replace(/\s/g, ' '),
    );
    expect(labels).toEqual(['980', '12,3 mil']);
    expect(screen.getByRole('cell', { name: '12.345 pontos' })).toBeInTheDocument();
  });
});
