import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { InvoiceFieldsFragment } from '@/lib/graphql/generated/graphql';
import { InvoiceCard } from './invoice-card';

const base: InvoiceFieldsFragment = {
  id: '7',
  accessKey: '35261158716523000119550010000012341000012345',
  status: 'IN_REVIEW',
  uf: 'SP',
  issuedMonth: '2026-11',
  issuerCnpj: '58716523000119',
  model: 55,
  series: 1,
  number: 1234,
  hasXml: false,
  sentViaWhatsapp: false,
  issuerName: 'Madeireira Paulista',
  issuedAt: null,
  totalCents: null,
  flagReason: null,
  rejectionReason: null,
  resendable: false,
  points: null,
  createdAt: '2026-11-12T13:00:00.000Z',
  updatedAt: '2026-11-12T13:00:00.000Z',
  files: [{ id: '1', name: 'nota.jpg', kind: 'jpeg', sizeBytes: 10, url: '/f/1' }],
  events: [{ status: 'IN_REVIEW', note: null, at: '2026-11-12T13:00:00.000Z' }],
};

const renderCard = (invoice: InvoiceFieldsFragment) =>
  render(
    <MockedProvider>
      <InvoiceCard invoice={invoice} />
    </MockedProvider>,
  );

describe('InvoiceCard', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is a closed row with store, date and status that opens to the timeline and files', () => {
    renderCard(base);
    const article = screen.getByRole('article', { name: 'Madeireira Paulista' });
    const details = article.querySelector('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    const row = article.querySelector('summary') as HTMLElement;
    expect(row).toHaveTextContent('Madeireira Paulista');
    expect(row).toHaveTextContent('Enviada em 12/11/2026');
    expect(row).toHaveTextContent('Em análise');
    fireEvent.click(row);
    expect(details.open).toBe(true);
    expect(screen.getByRole('heading', { name: 'Andamento' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Abrir nota.jpg' })).toBeVisible();
  });

  it('says a nota sent to the club’s WhatsApp number came that way', () => {
    renderCard({ ...base, sentViaWhatsapp: true });
    const row = screen.getByRole('article').querySelector('summary') as HTMLElement;
    expect(row).toHaveTextContent('Enviada pelo WhatsApp em 12/11/2026');
  });

  it('names an unknown store by its CNPJ and shows the points of an approved one in the row', () => {
    renderCard({ ...base, issuerName: null, status: 'APPROVED', points: 1500 });
    const row = screen.getByRole('article').querySelector('summary') as HTMLElement;
    expect(row).toHaveTextContent('CNPJ 58.716.523/0001-19');
    expect(row).toHaveTextContent('+1.500 pontos');
  });

  it('starts open when refused, with its reason and the resend form', () => {
    renderCard({ ...base, status: 'REJECTED', rejectionReason: 'Foto ilegível.', resendable: true });
    expect(screen.getByRole('article').querySelector('details')?.open).toBe(true);
    expect(screen.getByText('Foto ilegível.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reenviar nota' })).toBeInTheDocument();
  });

  it('shows why an invoice the SEFAZ cancelled was refused, without a resend form', () => {
    const reason = 'A Sefaz informa que esta nota foi cancelada (compra devolvida ou desfeita).';
    renderCard({ ...base, status: 'REJECTED', rejectionReason: reason, resendable: false });
    expect(screen.getByRole('article').querySelector('details')?.open).toBe(true);
    expect(screen.getByText(reason)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reenviar nota' })).not.toBeInTheDocument();
  });

  it('starts open when the address points at it', () => {
    window.history.replaceState(null, '', '/minhas-nfs#nf-7');
    Element.prototype.scrollIntoView = jest.fn();
    renderCard(base);
    expect(screen.getByRole('article').querySelector('details')?.open).toBe(true);
  });
});
