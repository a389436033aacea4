'use client';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDateTime } from '@/lib/format/dates';
import { formatCents } from '@/lib/format/numbers';
import { formatCnpj } from '@/lib/format/cnpj';
import { FILE_KIND_LABELS, groupedKey, INVOICE_STATUS_LABELS } from '@/lib/painel/invoice-review';
import { QStaffInvoiceQueue, type StaffInvoiceFilter } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import { routes } from '@/lib/routes';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { usePainelQuery } from './use-painel-query';

const PAGE = 20;

interface Draft {
  status: string;
  flagged: string;
  risk: string;
  store: string;
  from: string;
  to: string;
  hasXml: string;
  search: string;
}

const EMPTY: Draft = { status: '', flagged: '', risk: '', store: '', from: '', to: '', hasXml: '', search: '' };

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
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [applied, setApplied] = useState<Draft>(EMPTY);
  const [moreProblem, setMoreProblem] = useState<Error | undefined>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);
  const query = usePainelQuery(QStaffInvoiceQueue, { variables: { filter: toApi(applied), first: PAGE } });
  const { data, update } = query;
  const error = query.error ?? moreProblem;
  const fields = fieldErrors(error as never);
  const page = data?.staffInvoiceQueue;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setMoreProblem(undefined);
    setApplied(draft);
  };
  const clear = () => {
    setMoreProblem(undefined);
    setDraft(EMPTY);
    setApplied(EMPTY);
  };
  const more = async () => {
    setMoreProblem(undefined);
    setLoadingMore(true);
    try {
      const next = await painelRequest(QStaffInvoiceQueue, {
        filter: toApi(applied),
        first: PAGE,
        after: page?.nextCursor,
      });
      update((previous) => ({
        staffInvoiceQueue: {
          ...next.staffInvoiceQueue,
          rows: [...previous.staffInvoiceQueue.rows, ...next.staffInvoiceQueue.rows],
        },
      }));
    } catch (problem) {
      setMoreProblem(problem as Error);
    } finally {
      setLoadingMore(false);
    }
  };
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: event.target.value })),
  });
  const first = page?.rows.find((row) => !row.lease || row.lease.mine);

  return (
    <div className="painel-page">
      <h1>Notas fiscais</h1>
      <p className="muted">
        Notas que esperam uma pessoa, da mais antiga para a mais nova. Abrir uma nota a reserva para você por alguns
        minutos: quem abrir depois vê que ela está com você.
      </p>
      <form className="painel-filters" onSubmit={apply} aria-label="Filtros da fila">
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
        <div className="painel-filters__buttons">
          <button type="submit" className="button button--primary">
            Filtrar
          </button>
          <button type="button" className="button button--secondary" onClick={clear}>
            Limpar
          </button>
          {first && (
            <Link href={reviewHref(first.id)} prefetch={false} className="button button--secondary">
              Abrir a mais antiga
            </Link>
          )}
        </div>
      </form>
      <FormAlert
        message={error && !fields['filter.from'] && !fields['filter.to'] ? errorMessage(error as never) : null}
      />
      {!page && query.loading && <Spinner label="Carregando a fila…" />}
      {page && page.rows.length === 0 && <p>Nenhuma nota esperando análise com estes filtros.</p>}
      {page && page.rows.length > 0 && (
        <div className="painel-table-wrap">
          <table className="painel-table">
            <caption className="visually-hidden">Notas em análise, da mais antiga para a mais nova</caption>
            <thead>
              <tr>
                <th scope="col">Nota</th>
                <th scope="col">Enviada em</th>
                <th scope="col">Membro</th>
                <th scope="col">Loja</th>
                <th scope="col">Arquivos</th>
                <th scope="col">Valor</th>
                <th scope="col">Alertas</th>
                <th scope="col">Com quem</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
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
              ))}
            </tbody>
          </table>
          {page.nextCursor && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void more()}
              disabled={loadingMore}
            >
              {loadingMore ? 'Carregando…' : 'Mais notas'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
