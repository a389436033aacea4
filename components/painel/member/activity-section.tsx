import { formatDateTime } from '@/lib/format/dates';
import { formatCents, formatPoints } from '@/lib/format/numbers';
import {
  INVOICE_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PROJECT_STATUS_LABELS,
  type StaffMemberDetailFieldsFragment,
} from '@/lib/painel/members';
import { PainelTable } from '../painel-table';

/** "Notas, projetos e resgates": the latest of each, with their situation and points. */
export function ActivitySection({ member }: { member: StaffMemberDetailFieldsFragment }) {
  return (
    <section aria-labelledby="atividade" className="member-page__section">
      <h2 id="atividade">Notas, projetos e resgates</h2>
      <h3>
        Notas fiscais <span className="muted">({member.invoiceCount} no total; as 10 mais recentes)</span>
      </h3>
      {member.invoices.length === 0 ? (
        <p>Nenhuma nota enviada.</p>
      ) : (
        <PainelTable
          caption="Notas fiscais mais recentes"
          columns={['Nota', 'Enviada em', 'Emitente', 'Valor', 'Situação', 'Pontos']}
        >
          {member.invoices.map((invoice) => (
            <tr key={invoice.id}>
              <th scope="row">#{invoice.id}</th>
              <td>{formatDateTime(invoice.createdAt)}</td>
              <td>{invoice.issuer}</td>
              <td>{invoice.totalCents === null ? '—' : formatCents(invoice.totalCents)}</td>
              <td>
                {INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status}
                {invoice.rejectionReason && <span className="painel-table__sub">{invoice.rejectionReason}</span>}
              </td>
              <td>{invoice.points === null ? '—' : formatPoints(invoice.points)}</td>
            </tr>
          ))}
        </PainelTable>
      )}
      <h3>
        Projetos <span className="muted">({member.projectCount} no total; os 10 mais recentes)</span>
      </h3>
      {member.projects.length === 0 ? (
        <p>Nenhum projeto enviado.</p>
      ) : (
        <PainelTable caption="Projetos mais recentes" columns={['Projeto', 'Enviado em', 'Situação', 'Pontos']}>
          {member.projects.map((project) => (
            <tr key={project.id}>
              <th scope="row">
                {project.title}
                <span className="painel-table__sub">#{project.id}</span>
              </th>
              <td>{formatDateTime(project.createdAt)}</td>
              <td>
                {PROJECT_STATUS_LABELS[project.status] ?? project.status}
                {project.rejectionReason && <span className="painel-table__sub">{project.rejectionReason}</span>}
              </td>
              <td>{project.points === null ? '—' : formatPoints(project.points)}</td>
            </tr>
          ))}
        </PainelTable>
      )}
      <h3>
        Resgates <span className="muted">(os 10 mais recentes)</span>
      </h3>
      {member.orders.length === 0 ? (
        <p>Nenhum prêmio resgatado.</p>
      ) : (
        <PainelTable caption="Resgates mais recentes" columns={['Prêmio', 'Pedido em', 'Pontos', 'Situação']}>
          {member.orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                {order.reward}
                <span className="painel-table__sub">Pedido #{order.id}</span>
              </th>
              <td>{formatDateTime(order.createdAt)}</td>
              <td>{formatPoints(order.points)}</td>
              <td>
                {ORDER_STATUS_LABELS[order.status] ?? order.status}
                {order.trackingCode && <span className="painel-table__sub">Rastreio {order.trackingCode}</span>}
                {order.cancelReason && <span className="painel-table__sub">{order.cancelReason}</span>}
              </td>
            </tr>
          ))}
        </PainelTable>
      )}
    </section>
  );
}
