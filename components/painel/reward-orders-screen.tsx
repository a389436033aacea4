'use client';
import Link from 'next/link';
import { formatDateTime } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { formatTimeAgo } from '@/common/format/time-ago';
import {
  ORDER_FILTERS,
  orderHref,
  orderStatusLabel,
  QStaffRewardOrders,
  rewardTypeLabel,
  type StaffRewardOrderStatus,
} from '@/lib/painel/rewards';
import { downloadRewardOrdersCsv } from '@/lib/painel/csv-download';
import { SelectField } from '../ui/select-field';
import { useCsvExport } from './csv-export';
import { PainelFilters } from './painel-filters';
import { PainelList } from './painel-list';
import { RewardDeskTabs } from './reward-desk-tabs';
import { usePainelList } from './use-painel-list';

const PAGE = 20;
const EMPTY = { status: '' };

/** /painel/premios (premios): reward orders, oldest first, by status; each opens its own page. */
export function RewardOrdersScreen() {
  const list = usePainelList(QStaffRewardOrders, 'staffRewardOrders', EMPTY, ({ status }) => ({
    status: (status as StaffRewardOrderStatus | '') || null,
    first: PAGE,
  }));
  const page = list.page;
  const filterLabel = ORDER_FILTERS.find((f) => f.value === list.applied.status)?.label ?? '';
  const csv = useCsvExport(() => downloadRewardOrdersCsv(list.applied.status));

  return (
    <div className="painel-page premios-desk">
      <h1>Resgates de prêmios</h1>
      <RewardDeskTabs />
      <p className="muted">
        Do resgate mais antigo ao mais novo. Abra um para separar, enviar com o código de rastreio, marcar como
        entregue, cancelar devolvendo os pontos ou liberar um resgate retido em análise.
      </p>
      <PainelFilters label="Filtro da fila" className="premios-filters" onSubmit={list.apply} buttons={csv.button}>
        <SelectField label="Situação" {...list.field('status')}>
          {ORDER_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
      </PainelFilters>
      <PainelList
        list={list}
        rows={page?.rows}
        problem={csv.problem ?? list.problem()}
        words={{
          loading: 'Carregando os resgates…',
          empty: 'Nenhum resgate nesta situação.',
          caption: `Resgates (${filterLabel}), do mais antigo para o mais novo`,
          more: 'Mais resgates',
        }}
        columns={['Resgate', 'Prêmio', 'Membro', 'Entrega', 'Pedido em', 'Nesta situação']}
      >
        {(row) => (
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
        )}
      </PainelList>
    </div>
  );
}
