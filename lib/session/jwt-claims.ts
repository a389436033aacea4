/**
 * The claims of a JWT, read without checking its signature (the API checks it): what the page needs to know whether
 * a token is worth sending and whose it is. A few lines instead of jose's decodeJwt, which brought its error classes
 * and helpers (about 1.2 kB gzip) into every page; jose stays on the API, which verifies tokens. Throws on anything
 * that is not a compact JWS with a JSON object payload, as decodeJwt does.
 */
export function jwtClaims(token: string): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) throw new TypeError('Invalid JWT');
  const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
  if (/[^A-Za-z0-9+/]/.test(base64)) throw new TypeError('Invalid JWT');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new TypeError('Invalid JWT');
  return claims as Record<string, unknown>;
}
