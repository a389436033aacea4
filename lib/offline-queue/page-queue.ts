import { config } from '../config';
import { peekDeviceSessionId } from '../device-session/session-id';
import { sessionSubject } from '../session/member-snapshot';
import { useSessionStore } from '../session/store';
import {
  openQueueStore,
  QUEUE_CHANNEL,
  QUEUE_SYNC_TAG,
  QueueError,
  type QueuedInvoice,
  type QueueSession,
  type QueueStore,
} from './store';
import { WAITING_FLAG } from './waiting-flag';

/** Raises or lowers the flag that makes pages load the queue (written only here, read by every page). */
function setSomethingWaits(waits: boolean): void {
  if (waits) WAITING_FLAG.write(true);
  else WAITING_FLAG.clear();
}

/*
 * The page's side of the queue: loaded only when a send fails or a page reads the queue, never in a first load.
 */

let opened: Promise<QueueStore> | null = null;

/** The device's queue, opened once per page. */
export function queueStore(): Promise<QueueStore> {
  if (!opened) {
    opened = openQueueStore();
    opened.catch(() => {
      opened = null;
    });
  }
  return opened;
}

/** The logged-in member (the tokens' `sub`): what waits is theirs alone. */
export const currentMember = (): string | null => sessionSubject(useSessionStore.getState());

/** `remote`: the change came from another tab or the service worker (which may have sent something). */
type QueueListener = (remote: boolean) => void;
const listeners = new Set<QueueListener>();
let channel: BroadcastChannel | null | undefined;

function queueChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(QUEUE_CHANNEL);
    // Another tab or the service worker sent or kept something.
    channel?.addEventListener('message', () => listeners.forEach((listener) => listener(true)));
  }
  return channel;
}

/** Tells this page's listeners, the other tabs and the worker that the queue changed. */
export function changed(): void {
  listeners.forEach((listener) => listener(false));
  queueChannel()?.postMessage('changed');
}

/** Called whenever the queue changes here, in another tab or in the service worker. */
export function subscribeQueue(listener: QueueListener): () => void {
  queueChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's current access token as a send needs it, when it is this member's. */
export function pageSession(member: string): QueueSession | null {
  const token = useSessionStore.getState().token;
  if (!token || sessionSubject({ token, refreshToken: null }) !== member) return null;
  return {
    member,
    accessToken: token,
    deviceSessionId: peekDeviceSessionId(),
    graphqlUrl: new URL(config.graphqlUrl, window.location.href).href,
  };
}

/**
 * Copies the member's current access token where the service worker can read it, while something of theirs waits.
 * Only the access token (it lives 15 minutes): the refresh token stays in the page, which alone rotates it.
 */
export async function mirrorSession(store: QueueStore, member: string): Promise<void> {
  const session = pageSession(member);
  if (session) await store.saveSession(session);
}

/** Asks the service worker to send when the connection returns, where the browser has Background Sync (Chromium). */
function requestBackgroundSync(): void {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container?.controller) return;
  void container.ready
    .then((registration) =>
      (registration as { sync?: { register(tag: string): Promise<void> } }).sync?.register(QUEUE_SYNC_TAG),
    )
    .catch(() => undefined);
}

/** After a change, whether the flag that makes pages load the queue must stay up, and the worker's token with it. */
export async function settle(store: QueueStore, member: string): Promise<void> {
  setSomethingWaits(await store.hasAny());
  if ((await store.invoices(member)).length === 0) await store.clearSession();
}

export interface InvoiceToKeep {
  accessKey: string;
  idempotencyKey: string;
  files: readonly File[];
}

/**
 * Keeps an invoice that could not reach the club on the device, for this member. Throws a QueueError with the
 * pt-BR message when it cannot be kept (10 already wait, the browser refused the space or has no IndexedDB).
 */
export async function keepInvoice(toKeep: InvoiceToKeep): Promise<QueuedInvoice> {
  const member = currentMember();
  if (!member) throw new QueueError('unavailable');
  const store = await queueStore().catch((error: unknown) => {
    throw error instanceof QueueError ? error : new QueueError('unavailable', { cause: error });
  });
  const kept = await store.addInvoice({
    member,
    accessKey: toKeep.accessKey,
    idempotencyKey: toKeep.idempotencyKey,
    files: toKeep.files.map((file) => ({ name: file.name, type: file.type, blob: file })),
  });
  setSomethingWaits(true);
  await mirrorSession(store, member).catch(() => undefined);
  requestBackgroundSync();
  changed();
  return kept;
}

export async function waitingInvoices(): Promise<QueuedInvoice[]> {
  const member = currentMember();
  return member ? (await queueStore()).invoices(member) : [];
}

/** What the member discarded on this page: it left the queue without being sent. */
const discarded = new Set<string>();

/** Whether the invoice `id` left the queue because the member discarded it here, not because it was sent. */
export const wasDiscarded = (id: string): boolean => discarded.has(id);

export async function discardInvoice(id: string): Promise<void> {
  const member = currentMember();
  if (!member) return;
  discarded.add(id);
  const store = await queueStore();
  await store.removeInvoice(member, id);
  await settle(store, member);
  changed();
}

/** Everything of this member that waits leaves the device (logout's "Descartar"). */
export async function discardAll(): Promise<void> {
  const member = currentMember();
  if (!member) return;
  const store = await queueStore();
  const [invoices, photos] = await Promise.all([store.invoices(member), store.photos(member)]);
  for (const invoice of invoices) discarded.add(invoice.id);
  await Promise.all([
    ...invoices.map((invoice) => store.removeInvoice(member, invoice.id)),
    ...photos.map((photo) => store.removePhoto(member, photo.id)),
  ]);
  await settle(store, member);
  changed();
}

/** The worker no longer sends for anyone (logout, a session the club ended). */
export async function forgetQueueSession(): Promise<void> {
  await (await queueStore()).clearSession();
}

export interface QueueUsage {
  /** What this member's waiting invoices and photos take. */
  bytes: number;
  /** What the browser says the whole app uses and may use, when it says. */
  estimate: { usage: number; quota: number } | null;
}

export async function queueUsage(): Promise<QueueUsage> {
  const member = currentMember();
  const bytes = member ? await (await queueStore()).bytes(member) : 0;
  const estimate = await navigator.storage
    ?.estimate()
    .then(({ usage, quota }) => (usage !== undefined && quota ? { usage, quota } : null))
    .catch(() => null);
  return { bytes, estimate: estimate ?? null };
}
