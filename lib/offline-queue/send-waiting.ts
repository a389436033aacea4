import { DEVICE_SESSION_HEADER } from '../device-session/session-id';
import { MSendWaitingInvoiceDocument } from '../graphql/generated-public/graphql';
import { BASE_HEADERS, JSON_ACCEPT } from '../graphql/request-headers';
import type { QueuedInvoice, QueueSession, QueueStore } from './store';

/*
 * Sending what waits, shared by the page and the service worker. Relative imports only: the worker is compiled on its
 * own (next-pwa's custom worker), without the app's path aliases.
 */

/**
 * What one try of a waiting invoice came to: `sent` (the club has it, maybe from an earlier try whose answer was
 * lost), `refused` (the club answered no, with its pt-BR reason: trying again would change nothing), `later` (no
 * answer, a server error, a limit: the next try may work) or `unauthenticated` (the token was refused).
 */
export type SendOutcome =
  { kind: 'sent' } | { kind: 'refused'; message: string } | { kind: 'later' } | { kind: 'unauthenticated' };

export interface DrainResult {
  sent: number;
  refused: number;
  /** Still waiting and worth another try. */
  left: number;
  unauthenticated: boolean;
}

/** The lock the page and the worker take, so one of them at a time goes through the queue. */
export const QUEUE_LOCK = 'cd-offline-queue';

interface Locks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function withQueueLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: Locks } }).navigator?.locks;
  // Without the Web Locks API a page and the worker may both try one invoice: its idempotency key makes the club
  // answer the second try with the first one's invoice.
  return locks ? locks.request(QUEUE_LOCK, work) : work();
}

/**
 * Tries this member's waiting invoices in the order they were kept, stopping at the first that cannot reach the
 * club (the others would not either). A sent invoice leaves the device; a refused one stays with its reason until
 * the member discards it.
 */
export function drainWaitingInvoices(
  store: QueueStore,
  member: string,
  send: (invoice: QueuedInvoice) => Promise<SendOutcome>,
): Promise<DrainResult> {
  return withQueueLock(async () => {
    const result: DrainResult = { sent: 0, refused: 0, left: 0, unauthenticated: false };
    const waiting = (await store.invoices(member)).filter((invoice) => !invoice.refusal);
    for (const [index, invoice] of waiting.entries()) {
      const outcome = await send(invoice);
      if (outcome.kind === 'sent') {
        await store.removeInvoice(member, invoice.id);
        result.sent += 1;
      } else if (outcome.kind === 'refused') {
        await store.markRefused(member, invoice.id, outcome.message);
        result.refused += 1;
      } else {
        result.left = waiting.length - index;
        result.unauthenticated = outcome.kind === 'unauthenticated';
        break;
      }
    }
    return result;
  });
}

/**
 * The variables of the send: the same idempotency key on every try, the files in their slots. `waitedOnDevice` asks
 * the club for a receipt (e-mail and Avisos): the member may be far from the screen when the signal comes back.
 */
export function invoiceInput(invoice: QueuedInvoice) {
  return { accessKey: invoice.accessKey || null, idempotencyKey: invoice.idempotencyKey, waitedOnDevice: true };
}

interface GraphqlBody {
  data?: { submitInvoice?: { id: string } | null } | null;
  errors?: { message?: string; extensions?: { code?: string; fields?: Record<string, string> } }[];
}

/** Reads the club's answer to one try (docs/product.md#81-operation-errors). */
export function outcomeOfAnswer(status: number, body: GraphqlBody | null): SendOutcome {
  if (body?.data?.submitInvoice) return { kind: 'sent' };
  const codes = new Set((body?.errors ?? []).map((e) => e.extensions?.code));
  if (status === 401 || codes.has('UNAUTHENTICATED')) return { kind: 'unauthenticated' };
  const refusal = body?.errors?.find((e) => e.extensions?.code === 'BAD_USER_INPUT');
  if (refusal) {
    const fields = refusal.extensions?.fields ?? {};
    return { kind: 'refused', message: fields['accessKey'] ?? fields['files'] ?? refusal.message ?? '' };
  }
  // A 5xx, the maintenance 503, a 429 or an error of the club's own: nothing says the next try would fail.
  return { kind: 'later' };
}

/**
 * One try of a waiting invoice the way the page's upload link sends it: a GraphQL multipart request
 * (graphql-multipart-request-spec) with the member's access token, the same headers as Apollo's (the CSRF preflight
 * header, the device session).
 */
export async function sendInvoiceRequest(
  invoice: QueuedInvoice,
  session: QueueSession,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<SendOutcome> {
  const form = new FormData();
  const files = invoice.files.map(() => null);
  form.append(
    'operations',
    JSON.stringify({
      operationName: 'MSendWaitingInvoice',
      query: String(MSendWaitingInvoiceDocument),
      variables: { input: { ...invoiceInput(invoice), files } },
    }),
  );
  form.append(
    'map',
    JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.input.files.${i}`]]))),
  );
  invoice.files.forEach((file, i) => form.append(String(i), new File([file.blob], file.name, { type: file.type })));
  const headers: Record<string, string> = {
    ...BASE_HEADERS,
    accept: JSON_ACCEPT,
    authorization: `Bearer ${session.accessToken}`,
  };
  if (session.deviceSessionId) headers[DEVICE_SESSION_HEADER] = session.deviceSessionId;
  let response: Response;
  try {
    response = await fetchImpl(session.graphqlUrl, { method: 'POST', headers, body: form });
  } catch {
    return { kind: 'later' };
  }
  let body: GraphqlBody | null = null;
  try {
    body = (await response.json()) as GraphqlBody;
  } catch {
    // Not the club's JSON (a proxy's error page): read as no answer.
  }
  return outcomeOfAnswer(response.status, body);
}
