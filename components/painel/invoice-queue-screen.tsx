'use client';
import Link from 'next/link';
import { useState } from 'react';
import { formatDateTime } from '@/common/format/dates';
import { formatCents, formatPoints } from '@/common/format/numbers';
import { formatCnpj } from '@/common/format/cnpj';
import { actionLabel } from '@/common/painel/audit-labels';
import {
  columnOrder,
  nextColumnSort,
  queueQuery,
  queueSearch,
  QUEUE_FILTER_EMPTY,
  reviewHref,
  type COLUMN_SORTS,
} from '@/common/painel/invoice-queue';
import { FILE_KIND_LABELS, groupedKey, INVOICE_STATUS_LABELS } from '@/common/painel/invoice-review';
import { QStaffInvoiceQueue, QStaffReviewers, type QStaffInvoiceQueueQuery } from '@/lib/painel/operations';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { downloadInvoiceQueueCsv } from '@/lib/painel/csv-download';
import { useCsvExport } from './csv-export';
import { DoneNotice, useDoneNotice } from './done-notice';
import { FoldingFilters } from './folding-filters';
import { InvoiceSelectionBar } from './invoice-selection-bar';
import { PainelFilters } from './painel-filters';
import { PainelList } from './painel-list';
import { usePainelList } from './use-painel-list';
import { usePainelQuery } from './use-painel-query';

const PAGE = 25;

type Row = QStaffInvoiceQueueQuery['staffInvoiceQueue']['rows'][number];

const isWaiting = (status: string) => status === 'received' || status === 'in_review';

/** Who has a waiting invoice open and whose work it is, or who decided one (the last decision). */
function holder(row: Row): string {
  const given = row.assignee ? ` · para ${row.assignee.mine ? 'você' : row.assignee.staffName}` : '';
  if (isWaiting(row.status))
    return (row.lease ? (row.lease.mine ? 'com você' : `com ${row.lease.staffName}`) : 'livre') + given;
  const last = row.decisions.at(-1);
  return last ? `${last.byName}, ${formatDateTime(last.at)}` : 'pela conferência automática';
}

/**
 * The row's alerts on one line, so 15 or more rows fit a 1280×800 screen: the identical file first (the copy or the
 * original it came before, linked, and how many more), then why it waits. The whole text stays in the cell for
 * screen readers and in its title; the review page lists every signal.
 */
function Alerts({ row, search }: { row: Row; search: string }) {
  const reasons = [row.reviewReason, row.flagReason, row.riskReason && `Aparelho: ${row.riskReason}`].filter(Boolean);
  if (reasons.length === 0 && row.sameFiles.length === 0) return <>—</>;
  const same = row.sameFiles.find((file) => file.earlier) ?? row.sameFiles[0];
  const more = row.sameFiles.length - 1;
  const sameText =
    same &&
    `${same.earlier ? 'Cópia da' : 'Original; cópia na'} nota #${same.invoiceId} (${same.otherMember ? 'outro' : 'mesmo'} membro)${more > 0 ? ` e mais ${more} com o mesmo arquivo` : ''}`;
  return (
    <div className="invoice-queue__alerts-line" title={[sameText, ...reasons].filter(Boolean).join('. ')}>
      {same && (
        <span className="invoice-queue__same">
          {same.earlier ? 'Cópia da ' : 'Original; cópia na '}
          <Link href={reviewHref(same.invoiceId, search)} prefetch={false}>
            nota #{same.invoiceId}
          </Link>
          {same.otherMember ? ' (outro membro)' : ' (mesmo membro)'}
          {more > 0 && ` e mais ${more} com o mesmo arquivo`}
          {reasons.length > 0 && '. '}
        </span>
      )}
      {reasons.join(' ')}
    </div>
  );
}

/** A row a decision on a selection can take: waiting, and not open with another reviewer. */
const selectable = (row: Row) => isWaiting(row.status) && (!row.lease || row.lease.mine);

/** A copy of an invoice sent before (its file came first elsewhere): what "Selecionar as cópias" picks. */
const isCopy = (row: Row) => selectable(row) && row.sameFiles.some((file) => file.earlier);

/**
 * /painel/notas (revisor): the invoices waiting for a person, oldest first, with filters kept in the address; a
 * selection of them can be given to a reviewer, or refused at once when they are copies.
 */
export function InvoiceQueueScreen() {
  const list = usePainelList(
    QStaffInvoiceQueue,
    'staffInvoiceQueue',
    QUEUE_FILTER_EMPTY,
    (draft) => ({ ...queueQuery(draft), first: PAGE }),
    { inUrl: true },
  );
  const { field, fields, page, applied } = list;
  const reviewers = usePainelQuery(QStaffReviewers, { variables: {} }).data?.staffReviewers ?? [];
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // Only what the page shows now stays picked: a new filter or a decision leaves no invisible selection behind.
  const shown = new Set(page?.rows.filter(selectable).map((row) => row.id));
  const selected = [...picked].filter((id) => shown.has(id));
  const notice = useDoneNotice();
  const copies = page?.rows.filter(isCopy).map((row) => row.id) ?? [];
  const toggle = (id: string) =>
    setPicked((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const search = queueSearch(applied);
  const csv = useCsvExport(() => downloadInvoiceQueueCsv(search));
  const { sort } = queueQuery(applied);
  const first = page?.rows.find((row) => isWaiting(row.status) && (!row.lease || row.lease.mine));
  const active = Object.entries(applied).filter(([name, value]) => name !== 'sort' && value !== '').length;
  const sortable = (label: string, column: keyof typeof COLUMN_SORTS) => ({
    label,
    sort: { order: columnOrder(column, sort), apply: () => list.set('sort', nextColumnSort(column, sort)) },
  });

  return (
    <div className="painel-page invoice-queue">
      <div className="invoice-queue__head">
        <h1>Notas fiscais</h1>
        <p className="invoice-queue__total" role="status">
          {page &&
            (page.total === 1 ? '1 nota com estes filtros' : `${formatPoints(page.total)} notas com estes filtros`)}
        </p>
        {copies.length > 0 && (
          <button type="button" className="button button--secondary" onClick={() => setPicked(new Set(copies))}>
            Selecionar as cópias desta página ({copies.length})
          </button>
        )}
      </div>
      <p className="muted">
        Da mais antiga para a mais nova (clique no título de uma coluna para ordenar por ela). Sua primeira ação numa
        nota a reserva para você: quem abrir depois vê que ela está com você.
      </p>
      <FoldingFilters active={active}>
        <PainelFilters
          label="Filtros da fila"
          className="invoice-queue__filters"
          onSubmit={list.apply}
          onClear={list.clear}
          buttons={
            <>
              {first && (
                <Link href={reviewHref(first.id, search)} prefetch={false} className="button button--secondary">
                  Abrir a primeira livre
                </Link>
              )}
              {csv.button}
            </>
          }
        >
          <TextField
            label="Buscar"
            hint="Chave de acesso, membro (nome ou e-mail) ou loja"
            error={fields['filter.search']}
            {...field('search')}
          />
          <SelectField label="Situação" {...field('status')}>
            <option value="">Esperando análise</option>
            <option value="received">Recebidas</option>
            <option value="in_review">Em análise</option>
            <option value="approved">Aprovadas</option>
            <option value="rejected">Recusadas</option>
            <option value="all">Todas, analisadas também</option>
          </SelectField>
          <SelectField label="Alertas" {...field('flagged')}>
            <option value="">Com e sem alerta</option>
            <option value="sim">Só com alerta</option>
            <option value="nao">Só sem alerta</option>
          </SelectField>
          <TextField label="Loja" hint="Nome ou CNPJ" error={fields['filter.store']} {...field('store')} />
          <TextField label="Motivo do aparelho" error={fields['filter.risk']} {...field('risk')} />
          <SelectField label="XML" {...field('hasXml')}>
            <option value="">Com e sem XML</option>
            <option value="sim">Com XML</option>
            <option value="nao">Sem XML (foto ou PDF)</option>
          </SelectField>
          <SelectField label="Responsável" error={fields['filter.assigned']} {...field('assigned')}>
            <option value="">De todos e de ninguém</option>
            <option value="me">Atribuídas a mim</option>
            <option value="none">Sem responsável</option>
            {reviewers.map((r) => (
              <option key={r.id} value={r.id}>
                Atribuídas a {r.name}
              </option>
            ))}
          </SelectField>
          <TextField label="Enviadas de" type="date" error={fields['filter.from']} {...field('from')} />
          <TextField label="Até" type="date" error={fields['filter.to']} {...field('to')} />
        </PainelFilters>
      </FoldingFilters>
      <DoneNotice done={notice.done} status={notice.status} />
      <PainelList
        list={list}
        rows={page?.rows}
        problem={
          csv.problem ?? list.problem(['filter.from', 'filter.to', 'filter.search', 'filter.store', 'filter.risk'])
        }
        className="invoice-queue__table"
        words={{
          loading: 'Carregando a fila…',
          empty: 'Nenhuma nota com estes filtros.',
          caption: 'Notas fiscais com os filtros escolhidos',
          more: 'Mais notas',
        }}
        columns={[
          // What a reviewer picks by comes first (the alerts and who has it); the store and the key, the widest, last:
          // at 1280 the table scrolls sideways only past them.
          'Selecionar',
          'Nota',
          sortable('Enviada em', 'arrival'),
          sortable('Membro', 'member'),
          { ...sortable('Valor', 'total'), className: 'invoice-queue__number' },
          'Arquivos',
          'Alertas',
          'Situação',
          'Loja',
          'Chave de acesso',
        ]}
      >
        {(row) => (
          <tr key={row.id}>
            <td className="invoice-queue__pick">
              {selectable(row) && (
                <input
                  type="checkbox"
                  aria-label={`Selecionar a nota #${row.id}`}
                  checked={picked.has(row.id)}
                  onChange={() => toggle(row.id)}
                />
              )}
            </td>
            <th scope="row">
              <Link href={reviewHref(row.id, search)} prefetch={false}>
                Nota #{row.id}
              </Link>
            </th>
            <td>{formatDateTime(row.createdAt)}</td>
            <td>{row.memberName}</td>
            <td className="invoice-queue__number">{row.totalCents === null ? '—' : formatCents(row.totalCents)}</td>
            <td>{[...new Set(row.fileKinds.map((k) => FILE_KIND_LABELS[k] ?? k))].join(', ')}</td>
            <td className="invoice-queue__alerts">
              <Alerts row={row} search={search} />
            </td>
            <td>
              {INVOICE_STATUS_LABELS[row.status] ?? row.status}
              {isWaiting(row.status) ? ', ' : ' por '}
              {holder(row)}
              {row.decisions.length > 1 && (
                <span className="painel-table__sub">
                  {row.decisions
                    .slice(0, -1)
                    .map((d) => `${actionLabel(d.action)}: ${d.byName}, ${formatDateTime(d.at)}`)
                    .join('; ')}
                </span>
              )}
            </td>
            <td>{row.storeName ?? `${formatCnpj(row.issuerCnpj)} (não cadastrada)`}</td>
            <td className="invoice-key">{groupedKey(row.accessKey)}</td>
          </tr>
        )}
      </PainelList>
      {selected.length > 0 && (
        <InvoiceSelectionBar
          selected={selected}
          reviewers={reviewers}
          onClear={() => setPicked(new Set())}
          onDone={(sentence) => {
            setPicked(new Set());
            notice.setDone(sentence);
            void list.query.refetch();
          }}
        />
      )}
    </div>
  );
}
