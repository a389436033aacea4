import { allRoutes } from '../../common/all-routes';
import { exportPathOf, type RouteDef } from '../../common/routes';
import { allApiRoutes, HEALTH_PATHS, locationPathOf, NO_BODY_MAX_BYTES } from '../http/api-routes';
import { cspHeaderValue, type CspOptions } from '../http/content-security-policy';

export interface NginxOptions {
  /** Folder holding the static export (`out/`) on the host. */
  root: string;
  /** `host:port` of each club API process; nginx spreads requests over them. */
  apiServers: readonly string[];
  serverName: string;
  /** What nginx listens on: a port, or `address:port`. */
  listen: string;
  /** Serve precompressed `.br` files; only when nginx has the brotli module, which Debian's nginx-light lacks. */
  brotli: boolean;
  /**
   * What the pages' Content-Security-Policy lets in besides the site itself (the embedded server sends the same
   * policy): the API on another host, the analytics ids of the build. None by default.
   */
  csp?: CspOptions;
}

/** Name of the upstream block of API processes. */
export const API_UPSTREAM = 'clube_api';

/** Idle connections each nginx worker keeps open to the API processes, so requests skip the TCP handshake. */
const UPSTREAM_KEEPALIVE = 16;

/**
 * How long nginx keeps such a connection unused. A process shutting down (SIGTERM) leaves these for nginx to close,
 * since nginx may be writing a request into one at that instant, and closes what is left a second later
 * (IDLE_RELEASE_MS in server/http/graceful-shutdown.ts): this must stay under it.
 */
export const UPSTREAM_KEEPALIVE_TIMEOUT_S = 3;

/** Text types nginx compresses on the fly; text/html always is, and listing it again makes nginx warn. */
const GZIP_TYPES = [
  'text/plain',
  'text/css',
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'application/xml',
  'image/svg+xml',
];

/** A host name, IPv4 or bracketed IPv6 address, and a port: nothing that could end the directive early. */
const HOST_PORT = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):\d{1,5}$/;
const LISTEN = /^(?:(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):)?\d{1,5}$/;

/** `host:port,host:port` from NGINX_API_SERVERS; anything else would end up as a broken or injected directive. */
export function parseApiServers(value: string): string[] {
  const servers = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const bad = servers.find((s) => !HOST_PORT.test(s));
  if (bad !== undefined) throw new Error(`NGINX_API_SERVERS: "${bad}" is not host:port`);
  if (servers.length === 0) throw new Error('NGINX_API_SERVERS: name at least one host:port');
  return servers;
}

export function parseListen(value: string): string {
  if (!LISTEN.test(value.trim())) throw new Error(`NGINX_LISTEN: "${value}" is not a port or address:port`);
  return value.trim();
}

/** An nginx size: whole mebibytes or kibibytes, rounded up so the API's own limit is never undercut. */
export function nginxSize(bytes: number): string {
  // client_max_body_size 0 switches the check off, the opposite of what a zero limit means here.
  if (!(bytes > 0)) throw new Error(`A body limit is a positive number of bytes, not ${bytes}`);
  const MiB = 1024 * 1024;
  return bytes >= MiB ? `${Math.ceil(bytes / MiB)}m` : `${Math.ceil(bytes / 1024)}k`;
}

/** One proxied location per route of the API's table, in table order. */
export function apiLocations(): { match: '=' | '^~'; path: string; maxBody: string }[] {
  return allApiRoutes.map(([, route]) => ({
    match: route.match === 'exact' ? '=' : '^~',
    path: locationPathOf(route),
    maxBody: nginxSize(route.maxBodyBytes),
  }));
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Regex of a route's real URLs: each dynamic segment is one non-empty segment without a slash. */
function routeRegex(route: RouteDef, suffix: string): string {
  const body = route.pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegex(part)))
    .join('/');
  return `^${body}${suffix}$`;
}

function fileOf(route: RouteDef, ext: 'html' | 'txt'): string {
  const base = exportPathOf(route.pattern);
  return `${base === '/' ? '/index' : base}.${ext}`;
}

/** One location per route and kind (HTML, RSC payload); static routes are exact matches, dynamic ones regexes. */
export function pageLocations(): { match: '=' | '~'; path: string; file: string; kind: 'html' | 'txt' }[] {
  const locations: { match: '=' | '~'; path: string; file: string; kind: 'html' | 'txt' }[] = [];
  // RSC payloads first: `^/campanhas/[^/]+$` would also match `/campanhas/1.txt`.
  for (const kind of ['txt', 'html'] as const) {
    for (const [, route] of allRoutes) {
      const dynamic = route.pattern.includes(':');
      if (dynamic) {
        locations.push({
          match: '~',
          path: routeRegex(route, kind === 'txt' ? '\\.txt' : ''),
          file: fileOf(route, kind),
          kind,
        });
      } else {
        const path = kind === 'txt' ? fileOf(route, 'txt') : route.pattern;
        locations.push({ match: '=', path, file: fileOf(route, kind), kind });
      }
    }
  }
  return locations;
}

/**
 * The upstream of API processes and the nginx server block for production hosting of the export: the same page
 * rewrites as the API server, and the API's own routes proxied to the processes.
 */
export function generateNginxConfig({ root, apiServers, serverName, listen, brotli, csp = {} }: NginxOptions): string {
  if (apiServers.length === 0) throw new Error('At least one API server is needed');
  const badServer = apiServers.find((server) => !HOST_PORT.test(server));
  if (badServer !== undefined) throw new Error(`Not host:port: "${badServer}"`);
  if (!LISTEN.test(listen)) throw new Error(`Not a port or address:port: "${listen}"`);
  // A stray ';' or brace would end the directive early and let the rest of the value through as config.
  if (/[\s;{}"'\\]/.test(root)) throw new Error(`The export folder cannot go into nginx as is: "${root}"`);
  if (/[;{}"'\\\r\n]/.test(serverName)) throw new Error(`Not a server name: "${serverName}"`);
  const servers = apiServers.map((server) => `  server ${server};`).join('\n');
  // add_header in a location drops the server's own, so every location serving the export repeats the policy; the
  // API's answers carry the API's.
  const policy = `add_header Content-Security-Policy "${cspHeaderValue(csp)}" always;`;
  const api = apiLocations()
    .map(
      ({ match, path, maxBody }) => `  location ${match} ${path} {
    client_max_body_size ${maxBody};
    proxy_pass http://${API_UPSTREAM};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Request-Id $request_id;
  }`,
    )
    .join('\n\n');
  const pages = pageLocations()
    .map(({ match, path, file, kind }) => {
      const type = kind === 'txt' ? 'text/plain' : 'text/html';
      return `  location ${match} ${path} {\n    default_type ${type};\n    add_header Cache-Control "no-cache" always;\n    ${policy}\n    try_files ${file} =404;\n  }`;
    })
    .join('\n');
  return `# Generated from common/all-routes.ts and server/http/api-routes.ts by \`npm run nginx\`. Do not edit by hand.
upstream ${API_UPSTREAM} {
${servers}
  keepalive ${UPSTREAM_KEEPALIVE};
  keepalive_timeout ${UPSTREAM_KEEPALIVE_TIMEOUT_S}s;
}

server {
  listen ${listen};
  server_name ${serverName};
  root ${root};
  charset utf-8;
  types { text/plain txt; text/html html; application/javascript js; text/css css; image/svg+xml svg; application/manifest+json webmanifest; application/json json; image/png png; image/x-icon ico; font/woff2 woff2; }
  # Pages and files take no body; the API locations below set their own limits.
  client_max_body_size ${nginxSize(NO_BODY_MAX_BYTES)};

  gzip on;
  gzip_vary on;
  gzip_proxied any;
  gzip_min_length 1024;
  gzip_types ${GZIP_TYPES.join(' ')};
  gzip_static on;
${brotli ? '  brotli_static on;\n' : ''}
  location ^~ /_next/static/ {
    add_header Cache-Control "public, max-age=31536000, immutable" always;
    ${policy}
    try_files $uri =404;
  }

  location = /service-worker.js {
    add_header Cache-Control "no-cache" always;
    add_header Service-Worker-Allowed "/" always;
    ${policy}
    try_files $uri =404;
  }

  # The club API's own routes (server/http/api-routes.ts). HTTP/1.1 without "Connection: close" lets nginx reuse
  # its connections to the API processes. X-Forwarded-For is replaced, never appended to: the API trusts the proxy,
  # so an address the client wrote there would dodge the per-IP rate limits (behind a load balancer, set the
  # client's address with the realip module). X-Request-Id is nginx's id of the request, which the API logs on every
  # line of it and sends back. A request whose process refused the connection or failed before it was sent goes to
  # the next process (nginx's default proxy_next_upstream); a POST already sent never does, so it never runs twice.
${api}

  # The process answers: the app's connectivity probe. Readiness (${HEALTH_PATHS.ready}) is not proxied: it names what
  # is failing, and the checks that need it reach each process directly.
  location = ${HEALTH_PATHS.live} {
    access_log off;
    client_max_body_size ${nginxSize(NO_BODY_MAX_BYTES)};
    proxy_pass http://${API_UPSTREAM};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Request-Id $request_id;
  }

${pages}

  # Any other file of the export (icons, manifest, workbox); pages are reachable only through the routes above.
  location / {
    if ($uri ~ "\\.(html|txt)$") { return 404; }
    add_header Cache-Control "public, max-age=3600" always;
    ${policy}
    try_files $uri =404;
  }

  error_page 404 /404.html;
  location = /404.html {
    internal;
    ${policy}
  }
}
`;
}
