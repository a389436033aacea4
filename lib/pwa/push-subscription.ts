import type { ApolloClient } from '@apollo/client';
import { useSessionStore } from '../session/store';
import { MRemovePushSubscription, MSavePushSubscription, QPushPublicKey } from './push-operations';

/** What the club's API does with this device's subscription (docs/graphql-contract.md, "Notifications"). */
export interface PushApi {
  /** The club's VAPID key, base64url; null when the club sends no push. */
  publicKey(): Promise<string | null>;
  save(input: { endpoint: string; p256dh: string; auth: string }): Promise<void>;
  remove(endpoint: string): Promise<void>;
}

export interface PushDevice {
  permission: NotificationPermission;
  pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'>;
}

export type PushSyncResult = 'saved' | 'no-permission' | 'logged-out' | 'push-off';

/** A VAPID key as pushManager takes it (base64url → bytes). */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * Makes sure this device's push subscription exists for the club's current key and that the API has it: run when the
 * app opens with a member logged in (which refreshes it on the API) and when the member turns push on here. A
 * subscription made for another key (the club changed its VAPID pair) is dropped and made again: the push service
 * would refuse the club's pushes to it.
 */
export async function syncPushSubscription({
  device,
  api,
  loggedIn,
}: {
  device: PushDevice;
  api: PushApi;
  loggedIn: boolean;
}): Promise<PushSyncResult> {
  if (!loggedIn) return 'logged-out';
  if (device.permission !== 'granted') return 'no-permission';
  const key = await api.publicKey();
  if (!key) return 'push-off';
  const applicationServerKey = base64UrlToBytes(key);
  let subscription = await device.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await device.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('inscrição de push sem chaves');
  await api.save({ endpoint, p256dh: keys.p256dh, auth: keys.auth });
  return 'saved';
}

/**
 * Ends this device's subscription (logout, or the member turning push off here): the API forgets it and the browser
 * drops it, so the next member on this device is never sent the last one's notifications. Each half is tried even
 * when the other fails.
 */
export async function endPushSubscription({
  pushManager,
  api,
}: {
  pushManager: Pick<PushManager, 'getSubscription'>;
  api: Pick<PushApi, 'remove'>;
}): Promise<boolean> {
  const subscription = await pushManager.getSubscription();
  if (!subscription) return false;
  const [removed, unsubscribed] = await Promise.allSettled([
    api.remove(subscription.endpoint),
    subscription.unsubscribe(),
  ]);
  if (removed.status === 'rejected')
    console.warn('Falha ao remover a inscrição de notificações no clube', removed.reason);
  if (unsubscribed.status === 'rejected') throw unsubscribed.reason;
  return true;
}

/**
 * The API through the tab's Apollo client. `headers` pins the request to a session that is ending (the logout clears
 * the stored token before this request leaves).
 */
export function apolloPushApi(client: Pick<ApolloClient, 'query' | 'mutate'>): PushApi {
  return {
    publicKey: async () =>
      (await client.query({ query: QPushPublicKey, fetchPolicy: 'network-only' })).data?.pushPublicKey ?? null,
    save: async (input) => {
      await client.mutate({ mutation: MSavePushSubscription, variables: { input } });
    },
    remove: (endpoint) => removeOnApi(client, endpoint),
  };
}

async function removeOnApi(
  client: Pick<ApolloClient, 'mutate'>,
  endpoint: string,
  headers?: Record<string, string>,
): Promise<void> {
  await client.mutate({ mutation: MRemovePushSubscription, variables: { endpoint }, context: { headers } });
}

/** This browser's push manager once the service worker is there, or null where there is no push. */
export async function readyPushManager(): Promise<PushManager | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  return (await navigator.serviceWorker.ready).pushManager;
}

/** The push manager of a worker already registered, without waiting for one (the logout must not wait). */
export async function registeredPushManager(): Promise<PushManager | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  return (await navigator.serviceWorker.getRegistration())?.pushManager ?? null;
}

let syncedThisTab = false;

/**
 * The app opened with a member logged in: refresh this device's subscription on the API, once per tab and member.
 * Loaded and run after the first paint; a failure is only logged (the inbox works without push).
 */
export async function syncOnAppOpen(client: Pick<ApolloClient, 'query' | 'mutate'>): Promise<void> {
  if (syncedThisTab || !('Notification' in window)) return;
  syncedThisTab = true;
  try {
    const pushManager = await readyPushManager();
    if (!pushManager) return;
    const result = await syncPushSubscription({
      device: { permission: Notification.permission, pushManager },
      api: apolloPushApi(client),
      loggedIn: Boolean(useSessionStore.getState().refreshToken),
    });
    console.info('Notificações neste aparelho:', result);
    if (result === 'no-permission' && Notification.permission === 'default') subscribeWhenAllowed(client);
  } catch (error) {
    syncedThisTab = false;
    console.warn('Falha ao inscrever este aparelho nas notificações', error);
  }
}

/**
 * The first load asks for permission (SPEC 1) around the time this runs: once the member says yes, the device is
 * subscribed then, not at the next opening.
 */
function subscribeWhenAllowed(client: Pick<ApolloClient, 'query' | 'mutate'>): void {
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((status) => {
      status.addEventListener('change', function onChange() {
        if (status.state !== 'granted') return;
        status.removeEventListener('change', onChange);
        syncedThisTab = false;
        void syncOnAppOpen(client);
      });
    })
    .catch(() => undefined);
}

/**
 * Logout: the session's headers are given because the stored token is cleared before this request leaves. The API's
 * logout also drops the session's subscriptions; this one makes sure the browser itself stops receiving them.
 */
export async function endOnLogout(
  client: Pick<ApolloClient, 'mutate'>,
  headers: Record<string, string>,
): Promise<void> {
  syncedThisTab = false;
  try {
    const pushManager = await registeredPushManager();
    if (!pushManager) return;
    await endPushSubscription({ pushManager, api: { remove: (endpoint) => removeOnApi(client, endpoint, headers) } });
  } catch (error) {
    console.warn('Falha ao cancelar as notificações deste aparelho', error);
  }
}
