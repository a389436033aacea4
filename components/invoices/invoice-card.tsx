'use client';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { InvoiceFieldsFragment } from '@/lib/graphql/generated/graphql';
import { apiHref } from '@/lib/files/api-href';
import { formatDate, formatDateTime } from '@/common/format/dates';
import { formatCents, formatPoints } from '@/common/format/numbers';
import { formatCnpj, MODEL_NAMES } from '@/common/validation/access-key';
import { STATUS_LABELS } from './invoice-status';
import { ResendForm } from './resend-form';

// The items' points, with their query, only once a card with an XML is opened.
const InvoiceEarning = lazy(() => import('./invoice-earning').then((m) => ({ default: m.InvoiceEarning })));

/**
 * One invoice as a compact row (store or CNPJ, date, status, points) that opens to the whole card with its timeline.
 * A refused one starts open, so its reason and the resend form are in sight (no form for one the SEFAZ cancelled: it
 * cannot be sent again); so does the one a link points at (`/minhas-nfs#nf-<id>`, from the extract).
 */
export function InvoiceCard({ invoice }: { invoice: InvoiceFieldsFragment }) {
  const anchor = `nf-${invoice.id}`;
  const titleId = `${anchor}-title`;
  const [open, setOpen] = useState(invoice.status === 'REJECTED');
  const article = useRef<HTMLElement>(null);
  const [year, month] = invoice.issuedMonth.split('-');
  const points = invoice.status === 'APPROVED' && invoice.points !== null && invoice.points !== undefined;

  // The list may paint the device's older copy first: a refusal that comes with the club's answer opens the card too.
  useEffect(() => {
    if (invoice.status === 'REJECTED') setOpen(true);
  }, [invoice.status]);

  useEffect(() => {
    if (window.location.hash !== `#${anchor}`) return;
    setOpen(true);
    article.current?.scrollIntoView({ block: 'start' });
  }, [anchor]);

  return (
    <article ref={article} className="invoice-card" id={anchor} aria-labelledby={titleId}>
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="invoice-row">
          <span className="invoice-row__main">
            <span id={titleId} className="invoice-row__store">
              {invoice.issuerName ?? `CNPJ ${formatCnpj(invoice.issuerCnpj)}`}
            </span>
            <span className="invoice-row__date">
              Enviada {invoice.sentViaWhatsapp ? 'pelo WhatsApp ' : ''}em {formatDate(invoice.createdAt)}
            </span>
          </span>
          <span className="invoice-row__side">
            <span className={`status-badge status-badge--${invoice.status.toLowerCase()}`}>
              {STATUS_LABELS[invoice.status]}
            </span>
            {points && <span className="invoice-row__points">+{formatPoints(invoice.points ?? 0)} pontos</span>}
          </span>
        </summary>
        <div className="invoice-card__body">
          <h3 className="invoice-card__title">
            {MODEL_NAMES[invoice.model] ?? 'Nota'} nº {invoice.number}
            <span className="muted"> · série {invoice.series}</span>
          </h3>
          <p className="invoice-card__meta">
            {invoice.issuerName ? `${invoice.issuerName} · ` : ''}CNPJ {formatCnpj(invoice.issuerCnpj)} · {invoice.uf} ·
            emitida em {month}/{year}
            {invoice.totalCents !== null && invoice.totalCents !== undefined
              ? ` · ${formatCents(invoice.totalCents)}`
              : ''}
          </p>
          <p className="invoice-card__key">
            <span className="muted">Chave:</span>{' '}
            <span className="mono">{invoice.accessKey.replace(/(.{4})(?=.)/g, '$1 ')}</span>
          </p>
          {invoice.status === 'REJECTED' && invoice.rejectionReason && (
            <p className="alert alert--error">
              <strong>Motivo da recusa:</strong> {invoice.rejectionReason}
            </p>
          )}

          {open && invoice.hasXml && (
            <Suspense fallback={null}>
              <InvoiceEarning invoiceId={invoice.id} approved={invoice.status === 'APPROVED'} />
            </Suspense>
          )}

          <h4 className="invoice-card__subtitle">Andamento</h4>
          <ol className="timeline">
            {invoice.events.map((event, index) => (
              <li
                key={`${event.at}-${index}`}
                className={`timeline__item timeline__item--${event.status.toLowerCase()}`}
              >
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
          {invoice.status === 'REJECTED' && invoice.resendable && (
            <ResendForm invoiceId={invoice.id} accessKey={invoice.accessKey} />
          )}
        </div>
      </details>
    </article>
  );
}
