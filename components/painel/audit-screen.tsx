'use client';
import { formatDateTime } from '@/common/format/dates';
import { actionLabel, ACTOR_KIND_LABELS, changeText, objectTypeLabel } from '@/common/painel/audit-labels';
import { downloadAuditCsv } from '@/lib/painel/csv-download';
import { useCsvExport } from './csv-export';
import { QStaffAudit } from '@/lib/painel/operations';
import { ROLE_INFO } from '@/common/painel/roles';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { PainelFilters } from './painel-filters';
import { PainelList } from './painel-list';
import { usePainelList } from './use-painel-list';

const PAGE = 50;

const EMPTY = { actor: '', action: '', object: '', from: '', to: '' };
type Filter = typeof EMPTY;

/** Only the filters filled in. */
const toApi = (filter: Filter): { [K in keyof Filter]?: string } =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value.trim() !== ''));

/** /painel/auditoria (admin): the trail, filtered by who, action, object and dates, and "Exportar CSV". */
export function AuditScreen() {
  const list = usePainelList(QStaffAudit, 'staffAudit', EMPTY, (filter) => ({ filter: toApi(filter), first: PAGE }));
  const { field, fields, page } = list;
  const csv = useCsvExport(() => downloadAuditCsv(toApi(list.applied)));

  return (
    <div className="painel-page">
      <h1>Auditoria</h1>
      <p className="muted">
        Tudo o que a equipe fez no painel e os operadores no terminal: quem, com qual função, o quê, em qual objeto, o
        antes e o depois, quando e de onde.
      </p>
      <PainelFilters label="Filtros da auditoria" onSubmit={list.apply} onClear={list.clear} buttons={csv.button}>
        <TextField label="Quem" hint="Parte do nome ou do e-mail" error={fields['filter.actor']} {...field('actor')} />
        <SelectField label="Ação" {...field('action')}>
          <option value="">Todas</option>
          {(page?.actions ?? []).map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </SelectField>
        <TextField label="Objeto" hint="O número exato, ou parte do e-mail ou do nome" {...field('object')} />
        <TextField label="De" type="date" error={fields['filter.from']} {...field('from')} />
        <TextField label="Até" type="date" error={fields['filter.to']} {...field('to')} />
      </PainelFilters>
      <PainelList
        list={list}
        rows={page?.entries}
        problem={csv.problem ?? list.problem(['filter.from', 'filter.to'])}
        words={{
          loading: 'Carregando a auditoria…',
          empty: 'Nenhum registro com estes filtros.',
          caption: 'Registros da auditoria, do mais novo ao mais antigo',
          more: 'Mostrar mais',
        }}
        columns={['Quando', 'Quem', 'Ação', 'Objeto', 'Antes → depois', 'IP']}
        className="painel-table--audit"
      >
        {(entry) => (
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
                  {objectTypeLabel(entry.objectType)} #{entry.objectId}
                </span>
              )}
            </td>
            <td className="painel-table__change">
              {entry.before || entry.after ? `${changeText(entry.before)} → ${changeText(entry.after)}` : '—'}
            </td>
            <td>{entry.ip ?? '—'}</td>
          </tr>
        )}
      </PainelList>
    </div>
  );
}
