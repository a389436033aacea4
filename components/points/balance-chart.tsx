import { formatMonth } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';

/**
 * The balance at the end of each of the last 12 months: one row per month, its bar and its exact value beside it.
 * Lying down, the bars leave each month's words the whole width of a phone, at the page's own text size: twelve
 * standing bars on 390 px could only carry 9 px labels that ran together and were cut.
 */
export function BalanceChart({ history }: { history: { month: string; balance: number }[] }) {
  const max = Math.max(1, ...history.map((h) => h.balance));
  return (
    <table className="balance-chart">
      <caption>Saldo no fim de cada mês, nos últimos 12 meses</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Mês</th>
          <th scope="col">Saldo em pontos</th>
        </tr>
      </thead>
      <tbody>
        {history.map((h) => (
          <tr key={h.month}>
            <th scope="row">{formatMonth(h.month)}</th>
            <td>
              <div className="balance-chart__cell">
                <span
                  className="balance-chart__bar"
                  aria-hidden="true"
                  // The value's room comes off the bar's: the longest bar ends where its value begins.
                  style={{ width: `calc((100% - 5rem) * ${(Math.max(0, h.balance) / max).toFixed(4)})` }}
                />
                <span className="balance-chart__value">{formatPoints(h.balance)}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
