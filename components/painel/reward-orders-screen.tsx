'use client';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDateTime } from '@/lib/format/dates';
import { formatPoints } from '@/lib/format/numbers';
import { formatTimeAgo } from '@/lib/format/time-ago';
import {
  ORDER_FILTERS,
  orderHref,
  orderStatusLabel,
  QStaffRewardOrders,
  rewardTypeLabel,
  type StaffRewardOrderStatus,
} from '@/lib/painel/rewards';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { RewardDeskTabs } from './reward-desk-tabs';
import { usePainelMore } from './use-painel-more';
import { usePainelQuery } from './use-painel-query';

const PAGE = 20;

/** /painel/premios (premios): reward orders, oldest first, by status; each opens its own page. */
export function RewardOrdersScreen() {
  const [draft, setDraft] = useState<StaffRewardOrderStatus | ''>('');
  const [applied, setApplied] = useState<StaffRewardOrderStatus | ''>('');
  const variables = { status: applied || null, first: PAGE };
  const query = usePainelQuery(QStaffRewardOrders, { variables });
  const paging = usePainelMore(QStaffRewardOrders, 'staffRewardOrders', variables, query);
  const error = query.error ?? paging.error;
  const page = query.data?.staffRewardOrders;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    paging.reset();
    setApplied(draft);
  };
  const filterLabel = ORDER_FILTERS.find((f) => f.value === applied)?.label ?? '';

  return (
    <div className="painel-page premios-desk">
      <h1>Resgates de prêmios</h1>
      <RewardDeskTabs />
      <p className="muted">
        Do resgate mais antigo ao mais novo. Abra um para separar, enviar com o código de rastreio, marcar como
        entregue, cancelar devolvendo os pontos ou liberar um resgate retido em análise.
      </p>
      <form className="painel-filters premios-filters" onSubmit={apply} aria-label="Filtro da fila">
        <SelectField
          label="Situação"
          value={draft}
          onChange={(event) => setDraft(event.target.value as StaffRewardOrderStatus | '')}
        >
          {ORDER_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <div className="painel-filters__buttons">
          <button type="submit" className="button button--primary">
            Filtrar
          </button>
        </div>
      </form>
      <FormAlert message={error ? errorMessage(error as never) : null} />
      {!page && query.loading && <Spinner label="Carregando os resgates…" />}
      {page && page.rows.length === 0 && <p>Nenhum resgate nesta situação.</p>}
      {page && page.rows.length > 0 && (
        <div className="painel-table-wrap">
          <table className="painel-table">
            <caption className="visually-hidden">Resgates ({filterLabel}), do mais antigo para o mais novo</caption>
            <thead>
              <tr>
                <th scope="col">Resgate</th>
                <th scope="col">Prêmio</th>
                <th scope="col">Membro</th>
                <th scope="col">Entrega</th>
                <th scope="col">Pedido em</th>
                <th scope="col">Nesta situação</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link href={orderHref(row.id)} prefetch={false}>
                      Resgate nº {row.id}
                    </Link>
                    <span className={`painel-table__sub premios-status premios-status--${row.status.toLowerCase()}`}>
                      {orderStatusLabel(row.status)}
                    </span>
                  </th>
                  <td>
                    {row.rewardName}
                    <span className="painel-table__sub">
                      {rewardTypeLabel(row.rewardType)} · {formatPoints(row.points)} pontos
                    </span>
                  </td>
                  <td>
                    {row.member.name}
                    <span className="painel-table__sub">CPF {row.member.cpfMasked}</span>
                  </td>
                  <td>{row.city && row.uf ? `${row.city}/${row.uf}` : '—'}</td>
                  <td>{formatDateTime(row.createdAt)}</td>
                  <td>
                    <time dateTime={row.waitingSince} title={formatDateTime(row.waitingSince)}>
                      {formatTimeAgo(row.waitingSince)}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.nextCursor && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void paging.more()}
              disabled={paging.loading}
            >
              {paging.loading ? 'Carregando…' : 'Mais resgates'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
