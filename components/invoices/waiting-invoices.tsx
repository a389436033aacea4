'use client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { formatBytes } from '@/common/format/bytes';
import { formatDateTime } from '@/common/format/dates';
import { sendWaitingNow } from '@/lib/invoices/send-waiting-invoices';
import { startQueueSender } from '@/lib/invoices/send-when-reachable';
import {
  discardInvoice,
  queueUsage,
  subscribeQueue,
  waitingInvoices,
  type QueueUsage,
} from '@/lib/offline-queue/page-queue';
import type { QueuedInvoice } from '@/lib/offline-queue/store';
import { maskAccessKey } from '@/common/validation/access-key';
import { Modal } from '../ui/modal';

const STILL_OFFLINE = 'Ainda sem conexão com o clube. A nota continua guardada e será enviada quando a conexão voltar.';
const REFUSED = 'O clube recusou esta nota:';

const fileCount = (n: number) => (n === 1 ? '1 arquivo' : `${n} arquivos`);

function usageText({ bytes, estimate }: QueueUsage): string {
  const own = `Espaço usado neste aparelho pelas notas guardadas: ${formatBytes(bytes)}.`;
  return estimate
    ? `${own} O clube ocupa ${formatBytes(estimate.usage)} dos ${formatBytes(estimate.quota)} que o navegador permite.`
    : own;
}

/**
 * The invoices kept on this device because the send could not reach the club ("Aguardando envio"), this member's
 * only: they go by themselves when the club answers again; "Enviar agora" tries at once, "Descartar" asks first.
 * Loaded after the page's first paint; shows nothing while nothing waits.
 */
export function WaitingInvoices() {
  const client = useApolloClient();
  const [invoices, setInvoices] = useState<QueuedInvoice[]>([]);
  const [usage, setUsage] = useState<QueueUsage | null>(null);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState<QueuedInvoice | null>(null);

  const reload = useCallback(async () => {
    try {
      const [waiting, used] = await Promise.all([waitingInvoices(), queueUsage()]);
      setInvoices(waiting);
      setUsage(used);
    } catch {
      // No IndexedDB here: nothing can wait on this device, so nothing to show.
      setInvoices([]);
    }
  }, []);

  useEffect(() => {
    void reload();
    // Opening the page with something waiting is one of the moments to send it.
    startQueueSender(client);
    return subscribeQueue((remote) => {
      void reload();
      // The service worker (or another tab) may have sent one: the list below shows it as sent.
      if (remote) void client.refetchQueries({ include: ['QMyInvoices'] }).catch(() => undefined);
    });
  }, [client, reload]);

  async function sendNow() {
    setSending(true);
    setMessage(null);
    try {
      const result = await sendWaitingNow(client);
      if (result && result.left > 0) setMessage(STILL_OFFLINE);
    } finally {
      setSending(false);
      await reload();
    }
  }

  async function discard(invoice: QueuedInvoice) {
    setDiscarding(null);
    await discardInvoice(invoice.id);
    setMessage('Nota descartada deste aparelho.');
  }

  if (invoices.length === 0 && !message) return null;
  return (
    <section className="card waiting-invoices" aria-labelledby="waiting-invoices-title">
      <h2 id="waiting-invoices-title">Aguardando envio</h2>
      {invoices.length > 0 && (
        <>
          <p className="muted">Guardadas neste aparelho. São enviadas sozinhas quando a conexão com o clube voltar.</p>
          <ul className="waiting-invoices__items">
            {invoices.map((invoice) => {
              const titleId = `aguardando-${invoice.id}`;
              return (
                <li key={invoice.id}>
                  <article className="waiting-invoice" aria-labelledby={titleId}>
                    <div className="waiting-invoice__head">
                      <h3 id={titleId} className="waiting-invoice__title">
                        {invoice.accessKey ? (
                          <>
                            Chave <span className="waiting-invoice__key">{maskAccessKey(invoice.accessKey)}</span>
                          </>
                        ) : (
                          'Nota com a chave no XML'
                        )}
                      </h3>
                      <span
                        className={`status-badge ${invoice.refusal ? 'status-badge--rejected' : 'status-badge--waiting'}`}
                      >
                        {invoice.refusal ? 'Não enviada' : 'Aguardando envio'}
                      </span>
                    </div>
                    <p className="waiting-invoice__meta">
                      Guardada em {formatDateTime(new Date(invoice.createdAt).toISOString())} ·{' '}
                      {fileCount(invoice.files.length)} · {formatBytes(invoice.bytes)}
                    </p>
                    {invoice.refusal && (
                      <p className="alert alert--error">
                        {REFUSED} {invoice.refusal}
                      </p>
                    )}
                    <div className="waiting-invoice__actions">
                      {!invoice.refusal && (
                        <button
                          type="button"
                          className="button button--primary"
                          disabled={sending}
                          onClick={() => void sendNow()}
                        >
                          {sending ? 'Enviando…' : 'Enviar agora'}
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={sending}
                        onClick={() => setDiscarding(invoice)}
                      >
                        Descartar
                      </button>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {message && (
        <p className="alert alert--warning" role="status">
          {message}
        </p>
      )}
      {usage && invoices.length > 0 && <p className="muted waiting-invoices__usage">{usageText(usage)}</p>}
      <Modal open={discarding !== null} title="Descartar esta nota?" onClose={() => setDiscarding(null)}>
        <p>
          Ela ainda não foi enviada ao clube e será apagada deste aparelho. Para ganhar os pontos, você terá de enviá-la
          de novo.
        </p>
        <div className="waiting-invoice__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => discarding && void discard(discarding)}
          >
            Descartar nota
          </button>
          <button type="button" className="button button--secondary" onClick={() => setDiscarding(null)}>
            Manter guardada
          </button>
        </div>
      </Modal>
    </section>
  );
}
