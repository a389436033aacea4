import { allRoutes, exportPathOf, type RouteDef } from '../../lib/routes';

export interface NginxOptions {
  /** Folder holding the static export (`out/`) on the host. */
  root: string;
  /** Upstream of the club API processes. */
  apiUpstream: string;
  serverName: string;
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

/** The nginx server block for production hosting of the export, with the same rewrites as the API server. */
export function generateNginxConfig({ root, apiUpstream, serverName }: NginxOptions): string {
  const pages = pageLocations()
    .map(({ match, path, file, kind }) => {
      const type = kind === 'txt' ? 'text/plain' : 'text/html';
      return `  location ${match} ${path} {\n    default_type ${type};\n    add_header Cache-Control "no-cache" always;\n    try_files ${file} =404;\n  }`;
    })
    .join('\n');
  return `# Generated from lib/routes.ts by \`npm run nginx\`. Do not edit by hand.
server {
  listen 80;
  server_name ${serverName};
  root ${root};
  charset utf-8;
  types { text/plain txt; text/html html; application/javascript js; text/css css; image/svg+xml svg; application/manifest+json webmanifest; }

  location ^~ /_next/static/ {
    add_header Cache-Control "public, max-age=31536000, immutable" always;
    try_files $uri =404;
  }

  location = /service-worker.js {
    add_header Cache-Control "no-cache" always;
    add_header Service-Worker-Allowed "/" always;
    try_files $uri =404;
  }

  location = /graphql {
    client_max_body_size 60m;
    proxy_pass ${apiUpstream};
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
  }

${pages}

  # Any other file of the export (icons, manifest, workbox); pages are reachable only through the routes above.
  location / {
    if ($uri ~ "\\.(html|txt)$") { return 404; }
    add_header Cache-Control "public, max-age=3600" always;
    try_files $uri =404;
  }

  error_page 404 /404.html;
  location = /404.html { internal; }
}
`;
}
