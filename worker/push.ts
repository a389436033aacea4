import { PUSH_RECEIVED, sameOriginPath, type PushReceivedMessage } from '../lib/pwa/push-message';

/**
 * The worker's side of the club's web push: shows what the API sent (`{ title, body, url }`, the notification's own
 * texts) and, on a tap, brings the app to the screen it is about. The types are the few the handlers use: the
 * project's TypeScript knows the page's globals, not a service worker's.
 */
interface WindowClientLike {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown): void;
}

export interface PushScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push' | 'notificationclick', listener: (event: never) => void): void;
}

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown; text(): string } | null;
}

export interface NotificationClickLike extends ExtendableEventLike {
  notification: { data?: unknown; close(): void };
}

const FALLBACK_TITLE = 'Clube do Marceneiro';

export interface ShownNotification {
  title: string;
  body: string;
  url: string;
}

/** What a push says, read defensively: a payload that is not the API's JSON still shows something useful. */
export function readPush(data: PushEventLike['data']): ShownNotification {
  let payload: unknown = null;
  try {
    payload = data?.json() ?? null;
  } catch {
    payload = { body: data?.text() ?? '' };
  }
  const fields = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    title: text(fields.title) || FALLBACK_TITLE,
    body: text(fields.body),
    url: sameOriginPath(fields.url),
  };
}

export async function showPush(scope: PushScope, event: PushEventLike): Promise<void> {
  const { title, body, url } = readPush(event.data);
  await scope.registration.showNotification(title, {
    body,
    data: { url },
    icon: '/icon.svg',
    badge: '/icon.svg',
    // One per screen: a second notice about the same screen replaces the first instead of piling up.
    tag: url,
  });
  const message: PushReceivedMessage = { type: PUSH_RECEIVED };
  const open = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of open) client.postMessage(message);
}

/** A tap: an open tab of the app comes forward on the notification's screen, or the app opens there. */
export async function openFromNotification(scope: PushScope, event: NotificationClickLike): Promise<void> {
  event.notification.close();
  const path = sameOriginPath((event.notification.data as { url?: unknown } | undefined)?.url);
  const target = new URL(path, scope.location.origin).href;
  const open = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (client) => new URL(client.url).origin === scope.location.origin,
  );
  const tab = open.find((client) => client.focused) ?? open[0];
  if (!tab) {
    await scope.clients.openWindow(target);
    return;
  }
  // Only a tap itself may bring a tab forward; the screen changes even where the browser says no.
  await tab.focus().catch(() => undefined);
  if (tab.url === target) return;
  try {
    await tab.navigate(target);
  } catch {
    // A tab this worker does not control (opened before it took over) cannot be navigated by it.
    await scope.clients.openWindow(target);
  }
}

export function installPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event: PushEventLike) => event.waitUntil(showPush(scope, event)));
  scope.addEventListener('notificationclick', (event: NotificationClickLike) =>
    event.waitUntil(openFromNotification(scope, event)),
  );
}
