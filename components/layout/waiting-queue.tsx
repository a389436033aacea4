'use client';
import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { sendWaitingNow } from '@/lib/invoices/send-waiting-invoices';
import { startQueueSender } from '@/lib/invoices/send-when-reachable';
import { isClubUnreachable } from '@/lib/network/reachability';
import { discardAll, forgetQueueSession, waitingInvoices } from '@/lib/offline-queue/page-queue';
import { Modal } from '../ui/modal';

const count = (n: number) => (n === 1 ? '1 nota aguarda' : `${n} notas aguardam`);

export interface WaitingQueueProps {
  /** "Sair" was tapped. */
  asking: boolean;
  onLogout: () => void;
  onCancel: () => void;
}

/**
 * The shell's part of the queue, loaded only on a device where something waits: it sends what waits (the app
 * opening is one of the moments to), and at logout asks what to do with this member's invoices that wait.
 */
export function WaitingQueue({ asking, onLogout, onCancel }: WaitingQueueProps) {
  const client = useApolloClient();
  useEffect(() => startQueueSender(client), [client]);
  return asking ? <LogoutWithWaiting onLogout={onLogout} onCancel={onCancel} /> : null;
}

/**
 * Logout while invoices of this member wait on the device: send them first (with a connection), keep them for the
 * next time this member logs in here, or discard them. Nothing is lost without the member choosing it; with nothing
 * of this member's, the logout goes on at once.
 */
function LogoutWithWaiting({ onLogout, onCancel }: Omit<WaitingQueueProps, 'asking'>) {
  const client = useApolloClient();
  const [waiting, setWaiting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const online = typeof navigator !== 'undefined' && navigator.onLine && !isClubUnreachable();

  useEffect(() => {
    waitingInvoices().then(
      (invoices) => {
        const pending = invoices.filter((invoice) => !invoice.refusal).length;
        if (invoices.length === 0) onLogout();
        else setWaiting(pending || invoices.length);
      },
      () => onLogout(),
    );
  }, [onLogout]);

  async function leave(before: () => Promise<unknown>) {
    setBusy(true);
    try {
      await before();
    } finally {
      onLogout();
    }
  }

  async function sendFirst() {
    setBusy(true);
    setMessage(null);
    const result = await sendWaitingNow(client).catch(() => null);
    const left = (await waitingInvoices().catch(() => [])).length;
    setBusy(false);
    if (left === 0) onLogout();
    else {
      setWaiting(left);
      setMessage(
        result && result.refused > 0
          ? 'O clube recusou uma nota; veja o motivo em Minhas notas fiscais ou escolha abaixo.'
          : 'Não foi possível falar com o clube agora. Escolha o que fazer com o que ficou.',
      );
    }
  }

  if (waiting === null) return null;
  return (
    <Modal open title="Há notas aguardando envio" onClose={onCancel}>
      <p>
        {count(waiting)} envio neste aparelho. Depois de sair, elas só são enviadas quando você entrar de novo aqui.
      </p>
      {message && (
        <p className="alert alert--warning" role="status">
          {message}
        </p>
      )}
      <div className="logout-waiting__actions">
        {online && (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void sendFirst()}>
            {busy ? 'Enviando…' : 'Enviar antes de sair'}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void leave(forgetQueueSession)}
        >
          Manter neste aparelho
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void leave(discardAll)}
        >
          Descartar
        </button>
      </div>
    </Modal>
  );
}
