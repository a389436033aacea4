'use client';
import { useQuery } from '@apollo/client/react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatCents, formatDecimalText, formatPoints } from '@/common/format/numbers';
import { QInvoiceEarning } from '@/lib/invoices/earning-operations';
import { Spinner } from '../ui/spinner';

/**
 * What each item of an invoice with an XML earned: "Chapa MDF Branco TX 18 mm · 2 un · R$ 1.234,50 · 1.234 pontos",
 * the items that are not the brand's as "não participa do clube", and the campaigns whose bonus it took. Loaded when
 * the card opens, so the list's first load does not carry it.
 */
export function InvoiceEarning({ invoiceId, approved }: { invoiceId: string; approved: boolean }) {
  const { data, loading, error } = useQuery(QInvoiceEarning, { variables: { id: invoiceId } });
  const earning = data?.invoiceEarning;
  if (loading && !earning) return <Spinner label="Carregando os itens da nota" />;
  if (error && !earning)
    return (
      <p className="alert alert--error" role="alert">
        {errorMessage(error)}
      </p>
    );
  if (!earning || earning.items.length === 0) return null;
  return (
    <>
      <h4 className="invoice-card__subtitle">Itens e pontos</h4>
      <ul className="invoice-items">
        {earning.items.map((item, index) => (
          <li key={index} className={item.participates ? 'invoice-items__item' : 'invoice-items__item muted'}>
            <span className="invoice-items__name">{item.description}</span> · {formatDecimalText(item.quantity)}{' '}
            {item.unit.toLowerCase()} · {formatCents(item.valueCents)} ·{' '}
            <strong>
              {!item.participates
                ? 'não participa do clube'
                : approved && item.points !== null && item.points !== undefined
                  ? `${formatPoints(item.points)} pontos`
                  : 'participa do clube'}
            </strong>
          </li>
        ))}
      </ul>
      {earning.campaigns.length > 0 && (
        <>
          <h4 className="invoice-card__subtitle">Campanhas aplicadas</h4>
          <ul className="invoice-items">
            {earning.campaigns.map((c) => (
              <li key={c.name}>
                {c.name}: +{formatPoints(c.points)} pontos
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
