'use client';
import { formatDateTime } from '@/common/format/dates';
import { formatCents, formatPoints } from '@/common/format/numbers';
import {
  INVOICE_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PROJECT_STATUS_LABELS,
  QStaffMemberInvoices,
  QStaffMemberOrders,
  type StaffMemberDetailFieldsFragment,
} from '@/lib/painel/members';
import { PainelList } from '../painel-list';
import { PainelTable } from '../painel-table';
import { usePainelList } from '../use-painel-list';

/** Rows per page of the member's invoices and orders: the first page is what the page showed before paging. */
export const ACTIVITY_PAGE = 10;

/** "Notas, projetos e resgates": invoices and orders a page at a time, the latest projects, with the totals. */
export function ActivitySection({ member }: { member: StaffMemberDetailFieldsFragment }) {
  return (
    <section aria-labelledby="atividade" className="member-page__section">
      <h2 id="atividade">Notas, projetos e resgates</h2>
      <h3 id="notas-fiscais">
        Notas fiscais <span className="muted">({member.invoiceCount} no total)</span>
      </h3>
      <InvoicesList id={member.id} />
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
      <h3 id="resgates">
        Resgates <span className="muted">({member.orderCount} no total)</span>
      </h3>
      <OrdersList id={member.id} />
    </section>
  );
}

/** The member's invoices, newest first, with "Carregar mais notas" while there are more. */
function InvoicesList({ id }: { id: string }) {
  const list = usePainelList(QStaffMemberInvoices, 'staffMemberInvoices', {}, () => ({ id, first: ACTIVITY_PAGE }));
  return (
    <PainelList
      list={list}
      rows={list.page?.rows}
      problem={list.problem()}
      words={{
        loading: 'Carregando as notas fiscais…',
        empty: 'Nenhuma nota enviada.',
        caption: 'Notas fiscais, a mais recente primeiro',
        more: 'Carregar mais notas',
      }}
      columns={['Nota', 'Enviada em', 'Emitente', 'Valor', 'Situação', 'Pontos']}
    >
      {(invoice) => (
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
      )}
    </PainelList>
  );
}

/** The member's reward orders, newest first, with "Carregar mais resgates" while there are more. */
function OrdersList({ id }: { id: string }) {
  const list = usePainelList(QStaffMemberOrders, 'staffMemberOrders', {}, () => ({ id, first: ACTIVITY_PAGE }));
  return (
    <PainelList
      list={list}
      rows={list.page?.rows}
      problem={list.problem()}
      words={{
        loading: 'Carregando os resgates…',
        empty: 'Nenhum prêmio resgatado.',
        caption: 'Resgates, o mais recente primeiro',
        more: 'Carregar mais resgates',
      }}
      columns={['Prêmio', 'Pedido em', 'Pontos', 'Situação']}
    >
      {(order) => (
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
      )}
    </PainelList>
  );
}
