import type { ApolloClient } from '@apollo/client';
import { trackReachability } from '../network/reachability';
import { cannotReachClub } from '../offline-queue/cannot-reach-club';
import {
  changed,
  currentMember,
  keepInvoice,
  mirrorSession,
  pageSession,
  queueStore,
  settle,
  subscribeQueue,
  waitingInvoices,
  wasDiscarded,
  type InvoiceToKeep,
} from '../offline-queue/page-queue';
import { drainWaitingInvoices, sendInvoiceRequest, type DrainResult } from '../offline-queue/send-waiting';
import { QUEUE_MESSAGES, QueueError } from '../offline-queue/store';

/**
 * Sends what waits for this member now ("Enviar agora", the signal back, the app opened, a new token): the same
 * request as the service worker's, with the page's current access token. A refused token is not refreshed here: the
 * app's own next request refreshes it, and the new token starts another try (send-when-reachable.ts). Apollo is only
 * asked to show the list again, by the query's name, so this code never carries the invoice documents of the page.
 */
export async function sendWaitingNow(client: Pick<ApolloClient, 'refetchQueries'>): Promise<DrainResult | null> {
  const member = currentMember();
  const session = member ? pageSession(member) : null;
  if (!member || !session) return null;
  const store = await queueStore();
  const fetchImpl = trackReachability((...args) => fetch(...args));
  const result = await drainWaitingInvoices(store, member, (invoice) =>
    sendInvoiceRequest(invoice, session, fetchImpl),
  );
  if (result.sent > 0) await client.refetchQueries({ include: ['QMyInvoices'] }).catch(() => undefined);
  await settle(store, member);
  if (result.left > 0) await mirrorSession(store, member).catch(() => undefined);
  if (result.sent + result.refused > 0) changed();
  return result;
}

export const KEPT_MESSAGE = 'Sem sinal: a nota fica guardada neste aparelho e será enviada quando houver conexão.';

/** `kept: null`: the send was answered (the form shows the club's error as it always did). `id`: the kept one's. */
export type KeepResult = { kept: boolean | null; message: string; id?: string };

/**
 * The form's send could not reach the club: the invoice waits on the device and goes by itself when the club answers
 * again. When the device cannot keep it, the pt-BR reason; the form keeps what was typed either way.
 */
export async function keepInvoiceForLater(
  client: ApolloClient,
  error: unknown,
  toKeep: InvoiceToKeep,
): Promise<KeepResult> {
  if (!cannotReachClub(error)) return { kept: null, message: '' };
  let id: string;
  try {
    id = (await keepInvoice(toKeep)).id;
  } catch (error) {
    return { kept: false, message: error instanceof QueueError ? error.message : QUEUE_MESSAGES.unavailable };
  }
  const { startQueueSender } = await import('./send-when-reachable');
  startQueueSender(client);
  return { kept: true, message: KEPT_MESSAGE, id };
}

/** What became of a kept invoice: the club has it, refused it (with its pt-BR reason), or the member discarded it. */
export type KeptOutcome = { outcome: 'sent' } | { outcome: 'refused'; reason: string } | { outcome: 'discarded' };

/**
 * Calls `onSettled` once, when the kept invoice `id` leaves the queue or is refused, whoever sent it (this page,
 * another tab, the service worker): the form that said "Sem sinal…" then says what happened. Returns the stop.
 */
export function watchKeptInvoice(id: string, onSettled: (settled: KeptOutcome) => void): () => void {
  let done = false;
  const check = async () => {
    const invoices = await waitingInvoices().catch(() => null);
    if (done || !invoices) return;
    const kept = invoices.find((invoice) => invoice.id === id);
    if (kept && !kept.refusal) return;
    done = true;
    stop();
    onSettled(
      kept?.refusal
        ? { outcome: 'refused', reason: kept.refusal }
        : wasDiscarded(id)
          ? { outcome: 'discarded' }
          : { outcome: 'sent' },
    );
  };
  const stop = subscribeQueue(() => void check());
  // It may have gone already, between the keeping and this call.
  void check();
  return () => {
    done = true;
    stop();
  };
}
