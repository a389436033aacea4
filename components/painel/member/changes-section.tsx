import { formatDateTime } from '@/common/format/dates';
import { actionLabel } from '@/common/painel/audit-labels';
import type { StaffMemberDetailFieldsFragment } from '@/lib/painel/members';
import { PainelTable } from '../painel-table';

/** "Últimas mudanças do atendimento": what support changed on the account, by whom. */
export function ChangesSection({ member }: { member: StaffMemberDetailFieldsFragment }) {
  return (
    <section aria-labelledby="alteracoes" className="member-page__section">
      <h2 id="alteracoes">Últimas mudanças do atendimento</h2>
      {member.changes.length === 0 ? (
        <p>Nenhuma mudança feita pelo atendimento.</p>
      ) : (
        <PainelTable
          caption="Mudanças feitas na conta, a mais recente primeiro"
          columns={['Quando', 'Quem', 'O quê', 'Detalhe']}
        >
          {member.changes.map((change, index) => (
            <tr key={index}>
              <td>{formatDateTime(change.at)}</td>
              <td>{change.actor}</td>
              <th scope="row">{actionLabel(`member.${change.action}`)}</th>
              <td className="painel-table__change">{change.detail ?? '—'}</td>
            </tr>
          ))}
        </PainelTable>
      )}
    </section>
  );
}
