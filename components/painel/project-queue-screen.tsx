'use client';
import Link from 'next/link';
import { formatDateTime } from '@/common/format/dates';
import { QStaffProjectQueue } from '@/lib/painel/operations';
import {
  isWaitingProject,
  PROJECT_QUEUE_STATUSES,
  projectReviewHref,
  projectSituation,
} from '@/lib/painel/project-review';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { PainelFilters } from './painel-filters';
import { PainelList } from './painel-list';
import { usePainelList } from './use-painel-list';

const PAGE = 20;

const EMPTY = { status: 'waiting', search: '' };

/** /painel/projetos (revisor): the projects by situation, those waiting the oldest first, with a search. */
export function ProjectQueueScreen() {
  const list = usePainelList(QStaffProjectQueue, 'staffProjectQueue', EMPTY, (draft) => ({
    filter: { status: draft.status, ...(draft.search.trim() ? { search: draft.search.trim() } : {}) },
    first: PAGE,
  }));
  const { field, fields, page } = list;
  const waiting = list.applied.status === 'waiting';
  const first = waiting ? page?.rows.find((row) => !row.lease || row.lease.mine) : undefined;
  const statusLabel = PROJECT_QUEUE_STATUSES.find((s) => s.value === list.applied.status)?.label ?? '';

  return (
    <div className="painel-page">
      <h1>Projetos</h1>
      <p className="muted">
        Os projetos em análise, do que espera há mais tempo para o mais novo. Abrir um projeto o reserva para você por
        alguns minutos: quem abrir depois vê que ele está com você.
      </p>
      <PainelFilters
        label="Filtros dos projetos"
        onSubmit={list.apply}
        onClear={list.clear}
        buttons={
          first && (
            <Link href={projectReviewHref(first.id)} prefetch={false} className="button button--secondary">
              Abrir o mais antigo
            </Link>
          )
        }
      >
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
      </PainelFilters>
      <PainelList
        list={list}
        rows={page?.rows}
        problem={list.problem(['filter.search', 'filter.status'])}
        words={{
          loading: 'Carregando os projetos…',
          empty: 'Nenhum projeto nesta situação com estes filtros.',
          caption: `Projetos: ${statusLabel}, ${waiting ? 'do que espera há mais tempo' : 'do mais recente'}`,
          more: 'Mais projetos',
        }}
        columns={[
          'Projeto',
          waiting ? 'Enviado em' : 'Última mudança',
          'Membro',
          'Fotos',
          'Publicação',
          waiting ? 'Com quem' : 'Situação',
        ]}
      >
        {(row) => (
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
        )}
      </PainelList>
    </div>
  );
}
