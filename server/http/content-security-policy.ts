/**
 * The Content-Security-Policy of the web app, one policy for both hosts of the export: the embedded server (helmet)
 * and the generated nginx block. Nothing from another origin runs, loads or is called unless a setting names it.
 */

export interface CspOptions {
  /** Origins the page may call besides its own: the API or the session-security receiver on another host. */
  readonly connectOrigins?: readonly string[];
  /** Origins images may come from besides the page's own: the API's files when the API is on another host. */
  readonly imageOrigins?: readonly string[];
  /** NEXT_PUBLIC_GTM_ID and NEXT_PUBLIC_GA_ID, the ids the export was built with: either one adds Google's hosts. */
  readonly tagManagerId?: string | undefined;
  readonly analyticsId?: string | undefined;
}

/**
 * The hosts Google lists for Google Analytics 4 under a CSP ("Use Tag Manager with a Content Security Policy",
 * developers.google.com/tag-platform/security/guides/csp). They include the Tag Manager container's own
 * (www.googletagmanager.com for gtm.js and its pixel), and a container's GA4 tag sends to the same hosts as gtag.js,
 * so one list serves either id. Tags of other vendors fired from the container stay blocked.
 */
export const GOOGLE_TAG_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
} as const;

/** A scheme, a host and maybe a port: nothing that could end a directive, a header or an nginx string. */
const ORIGIN = /^https?:\/\/(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function checkedOrigin(origin: string): string {
  if (!ORIGIN.test(origin)) throw new Error(`Not an origin for the Content-Security-Policy: "${origin}"`);
  return origin;
}

/** The origin of an absolute http(s) URL, or undefined for a path on the page's own host ('/graphql'). */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url.trim())) return undefined;
  return checkedOrigin(new URL(url.trim()).origin);
}

const unique = (values: readonly string[]): string[] => [...new Set(values)];

export type CspDirectives = Record<string, string[]>;

export function cspDirectives(options: CspOptions = {}): CspDirectives {
  const google = Boolean(options.tagManagerId?.trim() || options.analyticsId?.trim());
  const connect = (options.connectOrigins ?? []).map(checkedOrigin);
  const images = (options.imageOrigins ?? []).map(checkedOrigin);
  return {
    'default-src': ["'self'"],
    // Next's static export inlines its bootstrap scripts, so inline scripts cannot be refused without nonces.
    'script-src': ["'self'", "'unsafe-inline'", ...(google ? GOOGLE_TAG_SOURCES.script : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', 'blob:', ...images, ...(google ? GOOGLE_TAG_SOURCES.img : [])]),
    'connect-src': unique(["'self'", ...connect, ...(google ? GOOGLE_TAG_SOURCES.connect : [])]),
    // The ALTCHA widget runs its proof of work in workers built from blobs.
    'worker-src': ["'self'", 'blob:'],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** The header's value, spelled as helmet spells it (`default-src 'self';script-src …`), so both hosts send the same. */
export function cspHeaderValue(options: CspOptions = {}): string {
  return Object.entries(cspDirectives(options))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

/**
 * What the nginx block's policy needs from the settings the export was built with (`npm run nginx` reads the same
 * NEXT_PUBLIC_* variables as `npm run build`): the API's and the session-security receiver's origins when they are
 * on another host, and the analytics ids.
 */
export function cspOptionsFromBuildEnv(env: Readonly<Record<string, string | undefined>>): CspOptions {
  const api = originOf(env['NEXT_PUBLIC_GRAPHQL_URL']);
  const sessionSecurity = originOf(env['NEXT_PUBLIC_SESSION_SECURITY_URL']);
  return {
    connectOrigins: unique([api, sessionSecurity].filter((o): o is string => o !== undefined)),
    imageOrigins: api === undefined ? [] : [api],
    tagManagerId: env['NEXT_PUBLIC_GTM_ID']?.trim() || undefined,
    analyticsId: env['NEXT_PUBLIC_GA_ID']?.trim() || undefined,
  };
}
