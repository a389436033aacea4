'use client';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '@/lib/format/dates';
import { actionLabel, ACTOR_KIND_LABELS, changeText } from '@/lib/painel/audit-labels';
import { downloadAuditCsv } from '@/lib/painel/audit-export';
import { QStaffAudit } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import { ROLE_INFO } from '@/lib/painel/roles';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { usePainelQuery } from './use-painel-query';

const PAGE = 50;

interface Filter {
  actor: string;
  action: string;
  object: string;
  from: string;
  to: string;
}

const EMPTY: Filter = { actor: '', action: '', object: '', from: '', to: '' };

/** Only the filters filled in. */
const toApi = (filter: Filter): { [K in keyof Filter]?: string } =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value.trim() !== ''));

/** /painel/auditoria (admin): the trail, filtered by who, action, object and dates, and "Exportar CSV". */
export function AuditScreen() {
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [applied, setApplied] = useState<Filter>(EMPTY);
  const [exporting, setExporting] = useState(false);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const [moreProblem, setMoreProblem] = useState<Error | undefined>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);
  const query = usePainelQuery(QStaffAudit, { variables: { filter: toApi(applied), first: PAGE } });
  const { data, update } = query;
  const error = query.error ?? moreProblem;
  const loading = query.loading || loadingMore;
  const fields = fieldErrors(error as never);
  const page = data?.staffAudit;

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
  const exportCsv = async () => {
    setExporting(true);
    setExportProblem(null);
    const result = await downloadAuditCsv(toApi(applied));
    setExporting(false);
    if (!result.ok) setExportProblem(result.message);
  };
  // The next page joins the entries shown.
  const more = async () => {
    setMoreProblem(undefined);
    setLoadingMore(true);
    try {
      const next = await painelRequest(QStaffAudit, { filter: toApi(applied), first: PAGE, after: page?.nextCursor });
      update((previous) => ({
        staffAudit: { ...next.staffAudit, entries: [...previous.staffAudit.entries, ...next.staffAudit.entries] },
      }));
    } catch (problem) {
      setMoreProblem(problem as Error);
    } finally {
      setLoadingMore(false);
    }
  };
  const field = (name: keyof Filter) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: event.target.value })),
  });

  return (
    <div className="painel-page">
      <h1>Auditoria</h1>
      <p className="muted">
        Tudo o que a equipe fez no painel e os operadores no terminal: quem, com qual função, o quê, em qual objeto, o
        antes e o depois, quando e de onde.
      </p>
      <form className="painel-filters" onSubmit={apply} aria-label="Filtros da auditoria">
        <TextField label="Quem" hint="Parte do nome ou do e-mail" error={fields['filter.actor']} {...field('actor')} />
        <SelectField label="Ação" {...field('action')}>
          <option value="">Todas</option>
          {(page?.actions ?? []).map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </SelectField>
        <TextField label="Objeto" hint="O id, ou parte do e-mail ou do nome" {...field('object')} />
        <TextField label="De" type="date" error={fields['filter.from']} {...field('from')} />
        <TextField label="Até" type="date" error={fields['filter.to']} {...field('to')} />
        <div className="painel-filters__buttons">
          <button type="submit" className="button button--primary">
            Filtrar
          </button>
          <button type="button" className="button button--secondary" onClick={clear}>
            Limpar
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void exportCsv()}
            disabled={exporting}
          >
            {exporting ? 'Exportando…' : 'Exportar CSV'}
          </button>
        </div>
      </form>
      <FormAlert
        message={
          exportProblem ??
          (error && !fields['filter.from'] && !fields['filter.to'] ? errorMessage(error as never) : null)
        }
      />
      {!page && loading && <Spinner label="Carregando a auditoria…" />}
      {page && (
        <div className="painel-table-wrap">
          <table className="painel-table painel-table--audit">
            <caption className="visually-hidden">Registros da auditoria, do mais novo ao mais antigo</caption>
            <thead>
              <tr>
                <th scope="col">Quando</th>
                <th scope="col">Quem</th>
                <th scope="col">Ação</th>
                <th scope="col">Objeto</th>
                <th scope="col">Antes → depois</th>
                <th scope="col">IP</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>
                    {entry.actorName}
                    <span className="painel-table__sub">
                      {ACTOR_KIND_LABELS[entry.actorKind] ?? entry.actorKind}
                      {entry.role ? ` · ${ROLE_INFO[entry.role].label}` : ''}
                    </span>
                  </td>
                  <td>{actionLabel(entry.action)}</td>
                  <td>
                    {entry.objectLabel ?? entry.objectId ?? '—'}
                    {entry.objectType && (
                      <span className="painel-table__sub">
                        {entry.objectType} {entry.objectId}
                      </span>
                    )}
                  </td>
                  <td className="painel-table__change">
                    {entry.before || entry.after ? `${changeText(entry.before)} → ${changeText(entry.after)}` : '—'}
                  </td>
                  <td>{entry.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.entries.length === 0 && <p>Nenhum registro com estes filtros.</p>}
          {page.nextCursor && (
            <button type="button" className="button button--secondary" onClick={() => void more()} disabled={loading}>
              {loading ? 'Carregando…' : 'Mostrar mais'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
