'use client';
import { useQuery } from '@apollo/client/react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDate } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { QPointsSummary } from '@/lib/points/operations';
import { routes } from '@/common/routes';
import { useDeviceCopy } from '@/lib/session/use-device-copy';
import { DeviceCopy } from '../ui/device-copy';
import { IntentLink } from '../ui/intent-link';
import { Spinner } from '../ui/spinner';
import { BalanceChart } from './balance-chart';
import { ExpiringSummary } from './expiring-summary';
import { PointsEntries } from './points-entries';

/** "2027-01-10" (a São Paulo date) shown as 10/01/2027. */
const dayLabel = (day: string) => formatDate(`${day}T15:00:00.000Z`);

export function HistoryScreen() {
  const { data, loading, error } = useQuery(QPointsSummary, { fetchPolicy: 'cache-and-network' });
  // The club's settled answer, whose balance is the member's (the same answer carried both).
  const consistent = !loading && !error && data?.me?.pointsBalance === data?.pointsSummary.balance;
  const copy = useDeviceCopy('pointsSummary', data?.pointsSummary, true, consistent);
  const summary = copy.value;
  return (
    <div className="history-screen">
      <section className="card" aria-labelledby="page-title">
        <h1 id="page-title">Extrato de pontos</h1>
        {error && !summary && (
          <p className="alert alert--error" role="alert">
            {errorMessage(error)}
          </p>
        )}
        {loading && !summary && <Spinner label="Carregando seu saldo" />}
        {summary && (
          <>
            <DeviceCopy shown={copy.fromDevice} savedAt={copy.savedAt} />
            <p className="extract-balance">
              <span className="extract-balance__label">Saldo atual</span>
              <span className="extract-balance__value">{formatPoints(summary.balance)} pontos</span>
            </p>
            <p className="extract-how-to-earn">
              <IntentLink href={routes.howToEarn()}>Como ganhar pontos</IntentLink>
            </p>
            <h2 className="history-screen__subtitle">Pontos a vencer</h2>
            <ExpiringSummary in30={summary.expiringIn30} in90={summary.expiringIn90} />
            {summary.expiring.length > 0 && (
              <ul className="expiring-list">
                {summary.expiring.map((e) => (
                  <li key={e.date}>
                    {formatPoints(e.points)} pontos vencem em {dayLabel(e.date)}
                  </li>
                ))}
              </ul>
            )}
            <h2 className="history-screen__subtitle">Saldo nos últimos 12 meses</h2>
            <BalanceChart history={summary.history} />
          </>
        )}
      </section>
      <PointsEntries />
    </div>
  );
}
