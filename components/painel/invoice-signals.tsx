'use client';
import { reviewHref } from '@/common/painel/invoice-queue';
import { queueSearchHere } from '@/lib/painel/invoice-queue';
import { SIGNAL_LABELS } from '@/common/painel/invoice-review';
import type { StaffInvoiceDetailFieldsFragment } from '@/lib/painel/operations';
import { SwapLink } from './swap-link';

/**
 * What asks for care in an invoice, first why the club did not approve it by itself: which proof of the NF-e failed
 * (the issuer's signature, the SEFAZ authorisation) or which ceiling held it; then the flag, the device rule and the
 * same file or key elsewhere.
 */
export function InvoiceSignals({
  signals,
  go,
}: {
  signals: StaffInvoiceDetailFieldsFragment['signals'];
  go: (next: string) => void;
}) {
  return (
    <section aria-labelledby="sinais">
      <h2 id="sinais">Sinais de risco</h2>
      {signals.length === 0 ? (
        <p>Nenhum sinal de risco.</p>
      ) : (
        <ul className="invoice-review__signals">
          {signals.map((signal, index) => (
            <li key={index}>
              <strong>{SIGNAL_LABELS[signal.kind] ?? signal.kind}:</strong> {signal.message}{' '}
              {signal.invoiceId && (
                <SwapLink href={reviewHref(signal.invoiceId, queueSearchHere())} onSwap={() => go(signal.invoiceId!)}>
                  Ver a nota #{signal.invoiceId}
                </SwapLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
