/**
 * Paths of the API's own HTTP routes that the browser calls itself, spelled once for both sides: the server registers
 * each route under its path here (server/http/api-routes.ts), and the app resolves it against the API's address
 * (lib/files/api-href.ts), which may be another host than the site's.
 */
export const API_PATHS = {
  /** A signed ALTCHA challenge for the human check of the login, sign-up and recovery forms. */
  altchaChallenge: '/altcha/challenge',
  /** The API process answers (no database): the connectivity probe's smallest request. */
  health: '/healthz',
} as const;
