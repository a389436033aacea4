'use client';
import { useQuery } from '@apollo/client/react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDate } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { QHowToEarn } from '@/lib/points/how-to-earn-operations';
import { Spinner } from '../ui/spinner';

/** "2027-01-10" (a São Paulo date) shown as 10/01/2027. */
const dayLabel = (day: string) => formatDate(`${day}T15:00:00.000Z`);

const rateText = (rate: number, per: 'REAL' | 'UNIT') =>
  per === 'REAL'
    ? `${formatPoints(rate)} ${rate === 1 ? 'ponto' : 'pontos'} a cada R$ 1`
    : `${formatPoints(rate)} pontos por unidade`;

/**
 * "Como ganhar pontos": the rates of each line of the brand and the running campaigns, as the club's rules say today
 * (the API reads them; nothing here is written by hand).
 */
export function HowToEarnScreen() {
  const { data, loading, error } = useQuery(QHowToEarn, { fetchPolicy: 'cache-and-network' });
  const how = data?.howToEarn;
  return (
    <section className="card how-to-earn" aria-labelledby="page-title">
      <h1 id="page-title">Como ganhar pontos</h1>
      <p>
        Envie a nota fiscal da sua compra. Só os produtos da marca dão pontos: os itens de outras marcas aparecem na
        nota como “não participa do clube”.
      </p>
      {error && !how && (
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      {loading && !how && <Spinner label="Carregando as regras" />}
      {how && (
        <>
          <h2>Pontos por linha de produto</h2>
          <ul className="how-to-earn__list">
            {how.lines.map((l) => (
              <li key={l.line}>
                <strong>{l.label}</strong>: {rateText(l.rate, l.per)}
              </li>
            ))}
          </ul>
          <h2>Campanhas em andamento</h2>
          {how.campaigns.length === 0 ? (
            <p className="muted">Nenhuma campanha em andamento agora.</p>
          ) : (
            <ul className="how-to-earn__list">
              {how.campaigns.map((c) => (
                <li key={c.name}>
                  <strong>{c.name}</strong>: {c.gives}
                  {c.lines.length > 0 ? ` em ${c.lines.join(', ')}` : ''}
                  {c.gtinCount > 0 ? ` (${c.gtinCount} ${c.gtinCount === 1 ? 'produto' : 'produtos'} da campanha)` : ''}
                  {c.ufs.length > 0 ? `, em lojas de ${c.ufs.join(', ')}` : ''}
                  {c.endsOn ? `, para compras até ${dayLabel(c.endsOn)}` : ''}.
                </li>
              ))}
            </ul>
          )}
          <p className="muted">Os pontos valem por 12 meses. Cada linha arredonda para baixo os seus pontos.</p>
        </>
      )}
    </section>
  );
}
