/**
 * What the service worker posts to the app's open tabs when a push arrives (worker/push.ts), so the bell reads its
 * count again without polling.
 */
export const PUSH_RECEIVED = 'clube:push-recebido';

export interface PushReceivedMessage {
  type: typeof PUSH_RECEIVED;
}

export function isPushReceived(data: unknown): data is PushReceivedMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PUSH_RECEIVED;
}

/**
 * The app path a notification may open: only a path of this origin ("/minhas-nfs", "/premios/transferir?x=1"),
 * never another site or a protocol-relative "//host"; anything else opens the inbox.
 */
export function sameOriginPath(url: unknown, fallback = '/avisos'): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return fallback;
  return url;
}
