import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { fieldErrors, isUnauthenticated } from '../apollo/errors';
import {
  changed,
  currentMember,
  keepInvoice,
  mirrorSession,
  queueStore,
  settle,
  type InvoiceToKeep,
} from '../offline-queue/page-queue';
import { drainWaitingInvoices, invoiceInput, type DrainResult, type SendOutcome } from '../offline-queue/send-waiting';
import { QUEUE_MESSAGES, QueueError, type QueuedInvoice } from '../offline-queue/store';
import { MSubmitInvoice, QMyInvoices } from './operations';

/** The club's answer to one try through Apollo (which refreshes the token when it must). */
function outcomeOfError(error: unknown): SendOutcome {
  if (CombinedGraphQLErrors.is(error)) {
    if (isUnauthenticated(error)) return { kind: 'unauthenticated' };
    const refusal = error.errors.find((e) => e.extensions?.code === 'BAD_USER_INPUT');
    if (!refusal) return { kind: 'later' };
    const fields = fieldErrors(error);
    return { kind: 'refused', message: fields['accessKey'] ?? fields['files'] ?? refusal.message };
  }
  if (ServerError.is(error) && error.statusCode === 401) return { kind: 'unauthenticated' };
  return { kind: 'later' };
}

async function sendThroughApollo(client: ApolloClient, invoice: QueuedInvoice): Promise<SendOutcome> {
  try {
    const { data } = await client.mutate({
      mutation: MSubmitInvoice,
      variables: {
        input: {
          ...invoiceInput(invoice),
          files: invoice.files.map((file) => new File([file.blob], file.name, { type: file.type })),
        },
      },
    });
    return data?.submitInvoice ? { kind: 'sent' } : { kind: 'later' };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/** Sends what waits for this member now ("Enviar agora", the signal back, the app opened). */
export async function sendWaitingNow(client: ApolloClient): Promise<DrainResult | null> {
  const member = currentMember();
  if (!member) return null;
  const store = await queueStore();
  const result = await drainWaitingInvoices(store, member, (invoice) => sendThroughApollo(client, invoice));
  if (result.sent > 0) await client.refetchQueries({ include: [QMyInvoices] }).catch(() => undefined);
  await settle(store, member);
  if (result.left > 0) await mirrorSession(store, member).catch(() => undefined);
  if (result.sent + result.refused > 0) changed();
  return result;
}

export const KEPT_MESSAGE = 'Sem sinal: a nota fica guardada neste aparelho e será enviada quando houver conexão.';

export type KeepResult = { kept: boolean; message: string };

/**
 * The form's send could not reach the club: the invoice waits on the device and goes by itself when the club answers
 * again. When the device cannot keep it, the pt-BR reason; the form keeps what was typed either way.
 */
export async function keepInvoiceForLater(client: ApolloClient, toKeep: InvoiceToKeep): Promise<KeepResult> {
  try {
    await keepInvoice(toKeep);
  } catch (error) {
    return { kept: false, message: error instanceof QueueError ? error.message : QUEUE_MESSAGES.unavailable };
  }
  const { startQueueSender } = await import('./send-when-reachable');
  startQueueSender(client);
  return { kept: true, message: KEPT_MESSAGE };
}
