import type { InvoiceFieldsFragment } from '@/lib/graphql/generated/graphql';
import { apiHref } from '@/lib/files/api-href';
import { formatDate, formatDateTime } from '@/lib/format/dates';
import { formatCents, formatPoints } from '@/lib/format/numbers';
import { formatCnpj, MODEL_NAMES } from '@/lib/validation/access-key';
import { STATUS_LABELS } from './invoice-status';
import { ResendForm } from './resend-form';

export function InvoiceCard({ invoice }: { invoice: InvoiceFieldsFragment }) {
  const titleId = `nf-${invoice.id}-title`;
  const [year, month] = invoice.issuedMonth.split('-');
  return (
    <article className="invoice-card" id={`nf-${invoice.id}`} aria-labelledby={titleId}>
      <header className="invoice-card__header">
        <h3 id={titleId}>
          {MODEL_NAMES[invoice.model] ?? 'Nota'} nº {invoice.number}
          <span className="muted"> · série {invoice.series}</span>
        </h3>
        <span className={`status-badge status-badge--${invoice.status.toLowerCase()}`}>
          {STATUS_LABELS[invoice.status]}
        </span>
      </header>
      <p className="invoice-card__meta">
        {invoice.issuerName ? `${invoice.issuerName} · ` : ''}CNPJ {formatCnpj(invoice.issuerCnpj)} · {invoice.uf} ·
        emitida em {month}/{year}
        {invoice.totalCents !== null && invoice.totalCents !== undefined ? ` · ${formatCents(invoice.totalCents)}` : ''}
      </p>
      <p className="invoice-card__key">
        <span className="muted">Chave:</span>{' '}
        <span className="mono">{invoice.accessKey.replace(/(.{4})(?=.)/g, '$1 ')}</span>
      </p>
      {invoice.status === 'APPROVED' && invoice.points !== null && invoice.points !== undefined && (
        <p className="invoice-card__points">+{formatPoints(invoice.points)} pontos</p>
      )}
      {invoice.status === 'REJECTED' && invoice.rejectionReason && (
        <p className="alert alert--error">
          <strong>Motivo da recusa:</strong> {invoice.rejectionReason}
        </p>
      )}

      <h4 className="invoice-card__subtitle">Andamento</h4>
      <ol className="timeline">
        {invoice.events.map((event, index) => (
          <li key={`${event.at}-${index}`} className={`timeline__item timeline__item--${event.status.toLowerCase()}`}>
            <span className="timeline__status">{STATUS_LABELS[event.status]}</span>{' '}
            <time dateTime={event.at} className="muted">
              {formatDateTime(event.at)}
            </time>
            {event.note && <span className="timeline__note">{event.note}</span>}
          </li>
        ))}
      </ol>

      {invoice.files.length > 0 && (
        <>
          <h4 className="invoice-card__subtitle">Arquivos</h4>
          <ul className="invoice-card__files">
            {invoice.files.map((file) => (
              <li key={file.id}>
                <a href={apiHref(file.url)} target="_blank" rel="noopener noreferrer">
                  Abrir {file.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted invoice-card__sent">Enviada em {formatDate(invoice.createdAt)}</p>
      {invoice.status === 'REJECTED' && <ResendForm invoiceId={invoice.id} accessKey={invoice.accessKey} />}
    </article>
  );
}
