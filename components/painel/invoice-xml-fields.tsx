'use client';
import { formatDateTime } from '@/common/format/dates';
import { formatCents, formatDecimalText } from '@/common/format/numbers';
import { formatCnpj } from '@/common/format/cnpj';
import type { StaffInvoiceDetailFieldsFragment } from '@/lib/painel/operations';
import { PainelTable } from './painel-table';

/** The NF-e XML as the API read it: issuer, buyer (masked CPF), total, and its items as the store billed them. */
export function InvoiceXmlFields({ invoice }: { invoice: StaffInvoiceDetailFieldsFragment }) {
  return (
    <section className="invoice-review__xml" aria-labelledby="xml">
      <h3 id="xml">Dados do XML</h3>
      <dl className="invoice-review__facts">
        <dt>Emitente</dt>
        <dd>
          {invoice.issuerName ?? '—'} · {formatCnpj(invoice.issuerCnpj)}
        </dd>
        <dt>Comprador (CPF)</dt>
        <dd>{invoice.buyerCpfMasked ?? 'Não informado'}</dd>
        <dt>Emissão</dt>
        <dd>{invoice.issuedAt ? formatDateTime(invoice.issuedAt) : '—'}</dd>
        <dt>Total</dt>
        <dd>{invoice.totalCents === null ? '—' : formatCents(invoice.totalCents)}</dd>
      </dl>
      <PainelTable caption="Itens da nota" columns={['Descrição', 'Quantidade', 'Unidade', 'Valor']}>
        {invoice.items.map((item, index) => (
          <tr key={index}>
            <td>{item.description}</td>
            <td>{formatDecimalText(item.quantity)}</td>
            <td>{item.unit}</td>
            <td>{formatCents(item.totalCents)}</td>
          </tr>
        ))}
      </PainelTable>
    </section>
  );
}
