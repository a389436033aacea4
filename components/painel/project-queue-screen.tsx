'use client';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDateTime } from '@/lib/format/dates';
import { QStaffProjectQueue, type StaffProjectFilter } from '@/lib/painel/operations';
import {
  isWaitingProject,
  PROJECT_QUEUE_STATUSES,
  projectReviewHref,
  projectSituation,
} from '@/lib/painel/project-review';
import { painelRequest } from '@/lib/painel/request';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { usePainelQuery } from './use-painel-query';

const PAGE = 20;

interface Draft {
  status: string;
  search: string;
}

const EMPTY: Draft = { status: 'waiting', search: '' };

const toApi = (draft: Draft): StaffProjectFilter => ({
  status: draft.status,
  ...(draft.search.trim() ? { search: draft.search.trim() } : {}),
});

/** /painel/projetos (revisor): the projects by situation, those waiting the oldest first, with a search. */
export function ProjectQueueScreen() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [applied, setApplied] = useState<Draft>(EMPTY);
  const [moreProblem, setMoreProblem] = useState<Error | undefined>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);
  const query = usePainelQuery(QStaffProjectQueue, { variables: { filter: toApi(applied), first: PAGE } });
  const { data, update } = query;
  const error = query.error ?? moreProblem;
  const fields = fieldErrors(error as never);
  const page = data?.staffProjectQueue;
  const waiting = applied.status === 'waiting';

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
      const next = await painelRequest(QStaffProjectQueue, {
        filter: toApi(applied),
        first: PAGE,
        after: page?.nextCursor,
      });
      update((previous) => ({
        staffProjectQueue: {
          ...next.staffProjectQueue,
          rows: [...previous.staffProjectQueue.rows, ...next.staffProjectQueue.rows],
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
  const first = waiting ? page?.rows.find((row) => !row.lease || row.lease.mine) : undefined;
  const statusLabel = PROJECT_QUEUE_STATUSES.find((s) => s.value === applied.status)?.label ?? '';

  return (
    <div className="painel-page">
      <h1>Projetos</h1>
      <p className="muted">
        Os projetos em análise, do que espera há mais tempo para o mais novo. Abrir um projeto o reserva para você por
        alguns minutos: quem abrir depois vê que ele está com você.
      </p>
      <form className="painel-filters" onSubmit={apply} aria-label="Filtros dos projetos">
        <TextField
          label="Buscar"
          hint="Título do projeto, ou nome ou e-mail do membro"
          maxLength={100}
          error={fields['filter.search']}
          {...field('search')}
        />
        <SelectField label="Situação" error={fields['filter.status']} {...field('status')}>
          {PROJECT_QUEUE_STATUSES.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </SelectField>
        <div className="painel-filters__buttons">
          <button type="submit" className="button button--primary">
            Filtrar
          </button>
          <button type="button" className="button button--secondary" onClick={clear}>
            Limpar
          </button>
          {first && (
            <Link href={projectReviewHref(first.id)} prefetch={false} className="button button--secondary">
              Abrir o mais antigo
            </Link>
          )}
        </div>
      </form>
      <FormAlert
        message={error && !fields['filter.search'] && !fields['filter.status'] ? errorMessage(error as never) : null}
      />
      {!page && query.loading && <Spinner label="Carregando os projetos…" />}
      {page && page.rows.length === 0 && <p>Nenhum projeto nesta situação com estes filtros.</p>}
      {page && page.rows.length > 0 && (
        <div className="painel-table-wrap">
          <table className="painel-table">
            <caption className="visually-hidden">
              Projetos: {statusLabel}, {waiting ? 'do que espera há mais tempo' : 'do mais recente'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Projeto</th>
                <th scope="col">{waiting ? 'Enviado em' : 'Última mudança'}</th>
                <th scope="col">Membro</th>
                <th scope="col">Fotos</th>
                <th scope="col">Publicação</th>
                <th scope="col">{waiting ? 'Com quem' : 'Situação'}</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link href={projectReviewHref(row.id)} prefetch={false}>
                      {row.title}
                    </Link>
                    <span className="painel-table__sub">
                      Projeto #{row.id}
                      {row.riskReason ? ` · Aparelho: ${row.riskReason}` : ''}
                    </span>
                  </th>
                  <td>
                    {formatDateTime(row.updatedAt)}
                    {waiting && row.updatedAt !== row.createdAt && (
                      <span className="painel-table__sub">Reenviado; enviado em {formatDateTime(row.createdAt)}</span>
                    )}
                  </td>
                  <td>
                    {row.memberName}
                    <span className="painel-table__sub">CPF {row.memberCpfMasked}</span>
                  </td>
                  <td>{row.photoCount === 1 ? '1 foto' : `${row.photoCount} fotos`}</td>
                  <td>{row.published ? 'Publicado' : row.publishConsent ? 'Autoriza publicar' : 'Não autoriza'}</td>
                  <td>
                    {isWaitingProject(row.status)
                      ? row.lease
                        ? row.lease.mine
                          ? 'Com você'
                          : row.lease.staffName
                        : 'Livre'
                      : projectSituation(row.status, row.published)}
                  </td>
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
              {loadingMore ? 'Carregando…' : 'Mais projetos'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
