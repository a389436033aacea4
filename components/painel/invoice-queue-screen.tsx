'use client';
import Link from 'next/link';
import { formatDateTime } from '@/lib/format/dates';
import { formatCents } from '@/lib/format/numbers';
import { formatCnpj } from '@/lib/format/cnpj';
import { FILE_KIND_LABELS, groupedKey, INVOICE_STATUS_LABELS } from '@/lib/painel/invoice-review';
import { QStaffInvoiceQueue, type StaffInvoiceFilter } from '@/lib/painel/operations';
import { routes } from '@/lib/routes';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { PainelFilters } from './painel-filters';
import { PainelList } from './painel-list';
import { usePainelList } from './use-painel-list';

const PAGE = 20;

const EMPTY = { status: '', flagged: '', risk: '', store: '', from: '', to: '', hasXml: '', search: '' };
type Draft = typeof EMPTY;

const yesNo = (value: string): boolean | undefined => (value === 'sim' ? true : value === 'nao' ? false : undefined);

function toApi(draft: Draft): StaffInvoiceFilter {
  const filter: StaffInvoiceFilter = {};
  for (const key of ['status', 'risk', 'store', 'from', 'to', 'search'] as const) {
    if (draft[key].trim() !== '') filter[key] = draft[key].trim();
  }
  const flagged = yesNo(draft.flagged);
  if (flagged !== undefined) filter.flagged = flagged;
  const hasXml = yesNo(draft.hasXml);
  if (hasXml !== undefined) filter.hasXml = hasXml;
  return filter;
}

export const reviewHref = (id: string) => `${routes.painelInvoiceReview()}?id=${encodeURIComponent(id)}`;

/** /painel/notas (revisor): the invoices waiting for a person, oldest first, with filters and a search. */
export function InvoiceQueueScreen() {
  const list = usePainelList(QStaffInvoiceQueue, 'staffInvoiceQueue', EMPTY, (draft) => ({
    filter: toApi(draft),
    first: PAGE,
  }));
  const { field, fields, page } = list;
  const first = page?.rows.find((row) => !row.lease || row.lease.mine);

  return (
    <div className="painel-page">
      <h1>Notas fiscais</h1>
      <p className="muted">
        Notas que esperam uma pessoa, da mais antiga para a mais nova. Abrir uma nota a reserva para você por alguns
        minutos: quem abrir depois vê que ela está com você.
      </p>
      <PainelFilters
        label="Filtros da fila"
        onSubmit={list.apply}
        onClear={list.clear}
        buttons={
          first && (
            <Link href={reviewHref(first.id)} prefetch={false} className="button button--secondary">
              Abrir a mais antiga
            </Link>
          )
        }
      >
        <TextField
          label="Buscar"
          hint="Chave de acesso, ou nome ou e-mail do membro"
          error={fields['filter.search']}
          {...field('search')}
        />
        <SelectField label="Situação" {...field('status')}>
          <option value="">Recebidas e em análise</option>
          <option value="received">Recebidas</option>
          <option value="in_review">Em análise</option>
        </SelectField>
        <SelectField label="Com alerta" {...field('flagged')}>
          <option value="">Todas</option>
          <option value="sim">Só com alerta</option>
          <option value="nao">Só sem alerta</option>
        </SelectField>
        <TextField label="Motivo do aparelho" hint="Parte do motivo da regra do aparelho" {...field('risk')} />
        <TextField label="Loja (CNPJ)" inputMode="numeric" {...field('store')} />
        <SelectField label="XML" {...field('hasXml')}>
          <option value="">Com e sem XML</option>
          <option value="sim">Com XML</option>
          <option value="nao">Sem XML (foto ou PDF)</option>
        </SelectField>
        <TextField label="Enviadas de" type="date" error={fields['filter.from']} {...field('from')} />
        <TextField label="Até" type="date" error={fields['filter.to']} {...field('to')} />
      </PainelFilters>
      <PainelList
        list={list}
        rows={page?.rows}
        problem={list.problem(['filter.from', 'filter.to'])}
        words={{
          loading: 'Carregando a fila…',
          empty: 'Nenhuma nota esperando análise com estes filtros.',
          caption: 'Notas em análise, da mais antiga para a mais nova',
          more: 'Mais notas',
        }}
        columns={['Nota', 'Enviada em', 'Membro', 'Loja', 'Arquivos', 'Valor', 'Alertas', 'Com quem']}
      >
        {(row) => (
          <tr key={row.id}>
            <th scope="row">
              <Link href={reviewHref(row.id)} prefetch={false}>
                Nota #{row.id}
              </Link>
              <span className="painel-table__sub">{INVOICE_STATUS_LABELS[row.status] ?? row.status}</span>
              <span className="painel-table__sub invoice-key">{groupedKey(row.accessKey)}</span>
            </th>
            <td>{formatDateTime(row.createdAt)}</td>
            <td>{row.memberName}</td>
            <td>
              {row.storeName ?? 'Loja não cadastrada'}
              <span className="painel-table__sub">{formatCnpj(row.issuerCnpj)}</span>
            </td>
            <td>{[...new Set(row.fileKinds.map((k) => FILE_KIND_LABELS[k] ?? k))].join(', ')}</td>
            <td>{row.totalCents === null ? '—' : formatCents(row.totalCents)}</td>
            <td>
              {[row.reviewReason, row.flagReason, row.riskReason && `Aparelho: ${row.riskReason}`]
                .filter(Boolean)
                .join(' ') || '—'}
            </td>
            <td>{row.lease ? (row.lease.mine ? 'Com você' : row.lease.staffName) : 'Livre'}</td>
          </tr>
        )}
      </PainelList>
    </div>
  );
}
