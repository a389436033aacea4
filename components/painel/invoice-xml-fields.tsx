'use client';
import { formatDateTime } from '@/lib/format/dates';
import { formatCents, formatDecimalText } from '@/lib/format/numbers';
import { formatCnpj } from '@/lib/format/cnpj';
import type { StaffInvoiceDetailFieldsFragment } from '@/lib/painel/operations';

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
      <div className="painel-table-wrap">
        <table className="painel-table">
          <caption>Itens da nota</caption>
          <thead>
            <tr>
              <th scope="col">Descrição</th>
              <th scope="col">Quantidade</th>
              <th scope="col">Unidade</th>
              <th scope="col">Valor</th>
            </tr>
          </thead>
          <tbody>
            {invoice.items.map((item, index) => (
              <tr key={index}>
                <td>{item.description}</td>
                <td>{formatDecimalText(item.quantity)}</td>
                <td>{item.unit}</td>
                <td>{formatCents(item.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
