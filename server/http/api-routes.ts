import { API_PATHS } from '../../common/api-paths';
import { PAINEL_API_PATHS } from '../../common/painel/api-paths';
import { MAX_FILE_BYTES, MAX_FILES_PER_INVOICE } from '../../common/invoices/file-type';
import { PROJECT_PHOTO_MAX_BYTES } from '../../common/projects/limits';

/**
 * The API's own HTTP routes and the request limits behind them. The server registers each route under the path
 * written here and the nginx generator writes one proxied location per entry, so a path or a limit is spelled
 * once; a path the browser calls too comes from common/api-paths.ts. Page routes live in common/all-routes.ts; the static-site
 * catch-all of the embedded server is not an API route.
 */

/** Largest JSON or form body Fastify parses: every GraphQL request without files. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** Largest profile photo the API keeps; the browser sends a small square JPEG, far under it. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Limits of the multipart parser (graphql-upload-minimal, server/uploads/graphql-multipart.ts). One byte over the largest file any upload accepts (invoice files and project photos:
 * 10 MB each) lets the busboy stream reach the limit, so the resolver sees the truncation and answers with the
 * pt-BR message; files beyond the 5 allowed per invoice are refused there too, up to a hard cap. Project photos go
 * up one per request.
 */
export const UPLOAD_OPTIONS = {
  maxFileSize: Math.max(MAX_FILE_BYTES, PROFILE_IMAGE_MAX_BYTES, PROJECT_PHOTO_MAX_BYTES) + 1,
  maxFiles: MAX_FILES_PER_INVOICE + 5,
  maxFieldSize: 100_000,
} as const;

/** graphql-upload-minimal accepts only two non-file parts: 'operations' and 'map'. */
const MULTIPART_FIELDS = 2;
/** busboy refuses a part whose headers pass 16 KiB; the boundary line around each part is under 128 bytes. */
const MULTIPART_PART_OVERHEAD_BYTES = 16 * 1024 + 128;

/**
 * The largest multipart request the parser reads without cutting anything: every file at the parser's size
 * limit, both fields full, and each part's headers. A proxy in front must let all of it through, or a member
 * sees the proxy's bare 413 instead of the API's message.
 */
export const MULTIPART_MAX_BYTES =
  UPLOAD_OPTIONS.maxFiles * UPLOAD_OPTIONS.maxFileSize +
  MULTIPART_FIELDS * UPLOAD_OPTIONS.maxFieldSize +
  (UPLOAD_OPTIONS.maxFiles + MULTIPART_FIELDS) * MULTIPART_PART_OVERHEAD_BYTES;

/** Routes that take no body still get a bound: a proxy limit of 0 would mean unlimited. */
export const NO_BODY_MAX_BYTES = 16 * 1024;

export type ApiMethod = 'GET' | 'POST';

export interface ApiRoute {
  /** Methods the API answers; Fastify answers HEAD wherever it answers GET. */
  readonly methods: readonly ApiMethod[];
  /** Fastify path pattern; `:name` is one path segment. */
  readonly path: string;
  /** How a proxy matches it: the exact path, or everything under the pattern's fixed start. */
  readonly match: 'exact' | 'prefix';
  /** Largest request body the API reads here; a proxy refuses bigger ones before they reach a process. */
  readonly maxBodyBytes: number;
}

const apiRoute = <const R extends ApiRoute>(r: R): R => r;

export const apiRouteTable = {
  graphql: apiRoute({
    methods: ['GET', 'POST'],
    path: '/graphql',
    match: 'exact',
    maxBodyBytes: Math.max(JSON_BODY_MAX_BYTES, MULTIPART_MAX_BYTES),
  }),
  altchaChallenge: apiRoute({
    methods: ['GET'],
    path: API_PATHS.altchaChallenge,
    match: 'exact',
    maxBodyBytes: NO_BODY_MAX_BYTES,
  }),
  invoiceFile: apiRoute({
    methods: ['GET'],
    path: '/arquivos/notas/:fileId',
    match: 'prefix',
    maxBodyBytes: NO_BODY_MAX_BYTES,
  }),
  projectPhoto: apiRoute({
    methods: ['GET'],
    path: '/arquivos/projetos/:photoId',
    match: 'prefix',
    maxBodyBytes: NO_BODY_MAX_BYTES,
  }),
  profileImage: apiRoute({
    methods: ['GET'],
    path: '/uploads/profile/:name',
    match: 'prefix',
    maxBodyBytes: NO_BODY_MAX_BYTES,
  }),
  contentImage: apiRoute({
    methods: ['GET'],
    path: '/conteudo/imagens/:id',
    match: 'prefix',
    maxBodyBytes: NO_BODY_MAX_BYTES,
  }),
  // The session-security receiver (server/modules/device-sessions): the vendor login, the fingerprint envelope and
  // the IP look-up. Small JSON bodies: a handshake is a few hundred bytes, an envelope a few kilobytes.
  securityLogin: apiRoute({
    methods: ['POST'],
    path: '/seguranca/login',
    match: 'exact',
    maxBodyBytes: 4 * 1024,
  }),
  securityEnvelope: apiRoute({
    methods: ['POST'],
    path: '/seguranca/envelope',
    match: 'exact',
    maxBodyBytes: 64 * 1024,
  }),
  // The points partner's signed answer to a transfer (server/modules/partner): a small JSON body.
  partnerCallback: apiRoute({
    methods: ['POST'],
    path: '/api/parceiro/callback',
    match: 'exact',
    maxBodyBytes: 4 * 1024,
  }),
  // Meta's WhatsApp webhook (server/modules/whatsapp): the subscription check (GET) and the signed deliveries (POST),
  // JSON of a few kilobytes; Meta batches at most a few hundred updates in one.
  whatsappWebhook: apiRoute({
    methods: ['GET', 'POST'],
    path: '/api/whatsapp/webhook',
    match: 'exact',
    maxBodyBytes: 512 * 1024,
  }),
  securityIp: apiRoute({
    methods: ['GET'],
    path: '/seguranca/ip',
    match: 'exact',
    maxBodyBytes: NO_BODY_MAX_BYTES,
  }),
  // The painel's own GraphQL endpoint (server/graphql/staff-endpoint.ts): staff tokens, the staff schema, no uploads;
  // its operations are a few fields each, so its bodies are bounded well under the members' endpoint's.
  painelGraphql: apiRoute({
    methods: ['GET', 'POST'],
    path: PAINEL_API_PATHS.graphql,
    match: 'exact',
    maxBodyBytes: 64 * 1024,
  }),
  // The audit trail as CSV for an admin (server/modules/staff/audit-route.ts).
  painelAuditCsv: apiRoute({
    methods: ['GET'],
    path: PAINEL_API_PATHS.auditCsv,
    match: 'exact',
    maxBodyBytes: NO_BODY_MAX_BYTES,
  }),
  // The invoice queue as CSV for a reviewer (server/modules/invoices/staff-queue-csv.ts).
  painelInvoicesCsv: apiRoute({
    methods: ['GET'],
    path: PAINEL_API_PATHS.invoicesCsv,
    match: 'exact',
    maxBodyBytes: NO_BODY_MAX_BYTES,
  }),
  // The reward-order queue as CSV for the rewards desk (server/modules/rewards/staff-orders-csv.ts).
  painelRewardOrdersCsv: apiRoute({
    methods: ['GET'],
    path: PAINEL_API_PATHS.rewardOrdersCsv,
    match: 'exact',
    maxBodyBytes: NO_BODY_MAX_BYTES,
  }),
  // Files for the painel (invoice files, project photos), by short-lived signed links (server/modules/staff/files.ts).
  painelFile: apiRoute({
    methods: ['GET'],
    path: `${PAINEL_API_PATHS.files}:fileId`,
    match: 'prefix',
    maxBodyBytes: NO_BODY_MAX_BYTES,
  }),
} as const;

export type ApiRouteKey = keyof typeof apiRouteTable;

/**
 * Each process's health (server/http/health.ts), outside the table above: never rate-limited, never under
 * maintenance. nginx's public block proxies only the liveness path (the app's connectivity probe calls it); the
 * readiness path, which names what is failing, is for the checks that reach a process directly.
 */
export const HEALTH_PATHS = {
  live: API_PATHS.health,
  ready: '/readyz',
} as const;

export const allApiRoutes = Object.entries(apiRouteTable) as [ApiRouteKey, ApiRoute][];

/**
 * The path a proxy location matches: the whole path of an exact route, or a prefix route's fixed start up to its
 * first parameter (ending in '/', so `/conteudo/imagens/` never catches `/conteudo/imagens-antigas`).
 */
export function locationPathOf(route: ApiRoute): string {
  const param = route.path.search(/[:*]/);
  if (route.match === 'exact') {
    if (param !== -1) throw new Error(`An exact API route has no parameters: ${route.path}`);
    return route.path;
  }
  const prefix = param === -1 ? route.path : route.path.slice(0, param);
  if (param === -1 || !prefix.endsWith('/')) {
    throw new Error(`A prefix API route is a fixed start ending in '/', then a parameter: ${route.path}`);
  }
  return prefix;
}
