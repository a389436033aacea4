import { fireEvent, render, screen, within } from '@testing-library/react';
import type { StaffInvoiceDetailFieldsFragment } from '@/lib/painel/operations';
import { InvoiceSignals } from './invoice-signals';
import { InvoiceXmlFields } from './invoice-xml-fields';

const invoice: StaffInvoiceDetailFieldsFragment = {
  id: '12',
  accessKey: '35261158716523000119550010000043211000043217',
  status: 'in_review',
  createdAt: '2026-11-22T12:00:00.000Z',
  uf: 'SP',
  issuedMonth: '2026-11',
  issuerCnpj: '58716523000119',
  model: 55,
  series: 1,
  number: 4321,
  hasXml: true,
  issuerName: 'Madeireira Paulista',
  storeName: 'Madeireira Paulista',
  issuedAt: '2026-11-20T13:00:00.000Z',
  totalCents: 123_450,
  buyerCpfMasked: '***.444.***-35',
  items: [
    {
      description: 'Chapa MDF 18mm',
      quantity: '2.0000',
      unit: 'UN',
      totalCents: 98_000,
    },
    { description: 'Cola PVA', quantity: '1.5000', unit: 'KG', totalCents: 25_450 },
  ],
  files: [],
  points: null,
  rejectionReason: null,
  member: {
    id: '3',
    name: 'Ana Souza',
    cpfMasked: '***.444.***-35',
    since: '2026-01-01T00:00:00.000Z',
    approved: 0,
    rejected: 0,
    approvalRate: null,
    lastInvoices: [],
  },
  signals: [],
  suggestedPoints: 1234,
  suggestedParts: [],
  lease: null,
  approvalRequest: null,
};

describe('the invoice review’s risk signals', () => {
  it('name the failed proof of the NF-e and the ceiling that held it, and link a same-file invoice', () => {
    const go = jest.fn();
    render(
      <InvoiceSignals
        go={go}
        signals={[
          {
            kind: 'ISSUER_SIGNATURE',
            message: 'Prova 1, assinatura do emitente: assinatura não confere.',
            invoiceId: null,
          },
          {
            kind: 'SEFAZ_AUTHORISATION',
            message: 'Prova 2, autorização da SEFAZ: protocolo de outra nota.',
            invoiceId: null,
          },
          {
            kind: 'AUTO_APPROVAL_LIMIT',
            message: 'Aprovação automática: acima do limite de aprovação automática.',
            invoiceId: null,
          },
          {
            kind: 'SAME_FILE_OTHER_MEMBER',
            message: 'O mesmo arquivo foi enviado por outro membro na nota #7.',
            invoiceId: '7',
          },
        ]}
      />,
    );
    const items = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items.slice(0, 3)).toEqual([
      'XML não autêntico: Prova 1, assinatura do emitente: assinatura não confere. ',
      'XML não autorizado: Prova 2, autorização da SEFAZ: protocolo de outra nota. ',
      'Limite da aprovação automática: Aprovação automática: acima do limite de aprovação automática. ',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Ver a nota #7' }));
    expect(go).toHaveBeenCalledWith('7');
  });

  it('say there is none', () => {
    render(<InvoiceSignals go={jest.fn()} signals={[]} />);
    expect(screen.getByText('Nenhum sinal de risco.')).toBeInTheDocument();
  });
});

describe('the XML’s fields in the review', () => {
  it('list each item with its quantity, unit and value in the pt-BR form', () => {
    render(<InvoiceXmlFields invoice={invoice} />);
    const table = screen.getByRole('table', { name: 'Itens da nota' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['Chapa MDF 18mm', '2', 'UN', 'R$\u00a0980,00'],
      ['Cola PVA', '1,5', 'KG', 'R$\u00a0254,50'],
    ]);
    expect(screen.getByText('R$ 1.234,50')).toBeInTheDocument();
    expect(screen.getByText('***.444.***-35')).toBeInTheDocument();
  });
});
