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
  it('gives each month a row with its bar and its exact balance, the longest bar for the highest', () => {
    render(
      <BalanceChart
        history={[
          { month: '2026-10', balance: 980 },
          { month: '2026-11', balance: 12_345 },
        ]}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent?.replace(/\s/g, ' '))).toEqual(['out. de 26980', 'nov. de 2612.345']);
    expect(screen.getByRole('rowheader', { name: 'nov. de 26' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '12.345' })).toBeInTheDocument();
    // Each bar is its share of the highest balance, of the room the values leave: 980 is 7.94% of 12,345.
    const shares = [...document.querySelectorAll<HTMLElement>('.balance-chart__bar')].map((bar) =>
      Number(/([\d.]+) \*|\* ([\d.]+)\)/.exec(bar.style.width)?.slice(1).find(Boolean)),
    );
    expect(shares).toEqual([0.0794, 1]);
  });
});
