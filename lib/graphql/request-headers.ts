import { DEVICE_SESSION_HEADER, getDeviceSessionId } from '../device-session/session-id';

/** Headers every request carries; the preflight header is the API's CSRF rule. */
export const BASE_HEADERS = { 'apollo-require-preflight': 'true' } as const;

/**
 * Apollo asks for application/graphql-response+json first by default; the app reads the API's application/json
 * answers (a refused request is a ServerError with its HTTP status, never mistaken for the API saying no to the
 * session), so it asks for exactly that, and so does the light fetch.
 */
export const JSON_ACCEPT = 'application/json';

/**
 * The member's headers of one GraphQL request (docs/product.md#71-graphql-endpoint-and-headers), for Apollo's link
 * and the light fetch alike: the device session, so the API ties logins, sign-ups and sends to it (created on first
 * use; an operation may name the one it belongs to, like the logout sent as its session ends), and the bearer token
 * when there is one.
 */
export function sessionHeaders(
  given: Record<string, string> | undefined,
  token: string | null,
): Record<string, string> {
  const headers: Record<string, string> = {
    ...given,
    [DEVICE_SESSION_HEADER]: given?.[DEVICE_SESSION_HEADER] ?? getDeviceSessionId(),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}
