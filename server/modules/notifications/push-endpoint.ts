import type { PushServiceSettings } from '../../config';

/**
 * The browsers' push services, the only hosts a member's subscription may name (their sources are in
 * docs/outbound-calls.md#push-services): an exact host, or `*.` and a suffix that any subdomain ends with.
 */
export const BROWSER_PUSH_HOSTS: readonly string[] = [
  // Chrome and the Chromium browsers that use Google's service (Firebase Cloud Messaging), and its older GCM host.
  'fcm.googleapis.com',
  'android.googleapis.com',
  // Firefox (Mozilla autopush).
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  // Safari on macOS and iOS (web.push.apple.com).
  '*.push.apple.com',
  // Edge on Windows (Windows Push Notification Services: wns2-….notify.windows.com).
  '*.notify.windows.com',
];

const hostMatches = (pattern: string, host: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;

/** Why an endpoint is not one the club sends to: not https, or not a push service's; null when it is. */
export type EndpointProblem = 'scheme' | 'service' | null;

/**
 * Checked when a member saves a subscription and again before each push (a subscription saved before a host left the
 * list is not sent to). An operator's own origin (PUSH_SERVICE_HOSTS) is taken as it is, http included; any other
 * endpoint is https, on its default port, on a listed host; the addresses behind it are judged at send time by the
 * outbound guard.
 */
export function pushEndpointProblem(endpoint: string, services: PushServiceSettings): EndpointProblem {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'scheme';
  }
  if (url.username || url.password) return 'service';
  if (services.origins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'scheme';
  if (url.port !== '') return 'service';
  const host = url.hostname;
  return [...BROWSER_PUSH_HOSTS, ...services.hosts].some((pattern) => hostMatches(pattern, host)) ? null : 'service';
}
