// The part of web-push (which ships no types) the club uses: the encrypted request, built but sent by the club.
declare module 'web-push' {
  export interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  export interface RequestOptions {
    vapidDetails: { subject: string; publicKey: string; privateKey: string };
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    contentEncoding?: 'aes128gcm' | 'aesgcm';
  }
  export interface RequestDetails {
    method: 'POST';
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  export function generateRequestDetails(
    subscription: PushSubscription,
    payload: string | Buffer | null,
    options: RequestOptions,
  ): RequestDetails;
  const webPush: { generateRequestDetails: typeof generateRequestDetails };
  export default webPush;
}
