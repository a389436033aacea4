import cors from '@fastify/cors';
import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import mercurius from 'mercurius';
import type { AppConfig } from './config';
import type { Db } from './db/schema';
import { buildContext, type ContextDeps } from './graphql/context';
import { formatExecutionErrors } from './graphql/format-errors';
import { loadSchemaSdl, loadStaffSchemaSdl } from './graphql/schema';
import { registerStaffEndpoint } from './graphql/staff-endpoint';
import { registerGraphqlLimits } from './graphql/request-limits';
import { registerGraphqlOverHttp } from './graphql/graphql-over-http';
import { scalarResolvers } from './graphql/upload-scalar';
import { registerGraphqlMultipart } from './uploads/graphql-multipart';
import type { Resolvers } from './graphql/generated/resolvers-types';
import { clubModules } from './modules';
import type { ModuleDeps } from './modules/club-module';
import { apiRouteTable, HEALTH_PATHS, JSON_BODY_MAX_BYTES, UPLOAD_OPTIONS } from './http/api-routes';
import { cspDirectives } from './http/content-security-policy';
import { csrfGuard } from './http/csrf';
import { onRoutesOf, withHook } from './http/route-hooks';
import { registerErrorHandler } from './http/error-handler';
import { registerInstanceHeader } from './http/instance-header';
import { registerSecurityHeaders } from './http/security-headers';
import { OneLinePerRequest, requestChildLogger, requestLogLine } from './http/request-log';
import { registerMaintenance } from './http/maintenance';
import { createLifecycle, registerHealthRoutes, type Lifecycle } from './http/health';
import { registerRequestIdHeader, requestIdGenerator } from './http/request-id';
import { registerRequestMetrics } from './http/request-metrics';
import { registerOperationMetrics } from './graphql/operation-metrics';
import { registerStaticSite, STATIC_SITE_PATHS } from './http/static-site';
import { memberOfActiveFamily } from './modules/device-sessions';
import { registerJobs } from './jobs/scheduler';
import { nfeTrustStoreOf, uploadLimiter } from './modules/invoices';
import { photoUploadLimiter } from './modules/projects';
import { limitsCleanupJob } from './limits/cleanup';
import { createLimiterFactory } from './limits/limiter-factory';
import { registerRequestLimit } from './limits/request-limit';
import { humanVerification, LoginRateLimiter, noHumanCheck, Throttle } from './modules/auth';
import { checkStaffSession, staffFilesRoute } from './modules/staff';
import { createMessenger } from './adapters/messenger';
import type { FileStorage } from './storage/file-storage';
import { createFileStorage } from './storage/from-config';
import { createCepProvider } from './adapters/cep';

const GRAPHQL_PATH = apiRouteTable.graphql.path;

export interface BuildAppOptions {
  readonly db: Db;
  readonly config: AppConfig;
  /** Pino options for `npm start`; tests leave it off. */
  readonly logger?: FastifyServerOptions['logger'];
  /**
   * Mercurius's parse/validate cache (default on). It loads quick-lru with a dynamic import(), which Jest on Node 20
   * cannot run, so the test helper turns it off.
   */
  readonly queryCache?: boolean;
  /**
   * Where members' files go; by default the one the config names (S3 or DATA_DIR/uploads), closed with the app. A
   * storage passed in stays open: whoever made it closes it.
   */
  readonly storage?: FileStorage;
  /** Whether the process is shutting down (server/http/graceful-shutdown.ts), which readiness reports. */
  readonly lifecycle?: Lifecycle;
}

/** Secrets never reach the log: auth headers, cookies, and passwords or tokens in GraphQL variables. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: { req: requestLogLine },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.refreshToken',
        '*.variables.password',
        '*.variables.refreshToken',
      ],
      censor: '[oculto]',
    },
  };
}

function contentSecurityPolicy(config: AppConfig) {
  return {
    // Explicit list, no helmet defaults: upgrade-insecure-requests would break the app on a plain-http LAN address.
    useDefaults: false,
    directives: cspDirectives({
      connectOrigins: config.corsOrigin ? [new URL(config.corsOrigin).origin] : [],
      tagManagerId: config.tagManagerId,
      analyticsId: config.analyticsId,
    }),
  };
}

/** Joins the modules' resolver maps type by type (each module adds its own fields to Query, Mutation, User…). */
const mergeResolvers = (...parts: Resolvers[]): Resolvers => {
  const merged: Record<string, object> = {};
  for (const part of parts) {
    for (const [type, fields] of Object.entries(part)) merged[type] = { ...merged[type], ...(fields as object) };
  }
  return merged as Resolvers;
};

export function buildApp({
  db,
  config,
  logger = false,
  queryCache = true,
  storage: givenStorage,
  lifecycle = createLifecycle(),
}: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger,
    logController: new OneLinePerRequest(Object.values(HEALTH_PATHS)),
    childLoggerFactory: requestChildLogger,
    // nginx's $request_id (X-Request-Id) when behind it, so both logs share one id; every log line of a request has it.
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: JSON_BODY_MAX_BYTES,
    trustProxy: config.trustProxy,
  });
  if (config.instanceName !== undefined) registerInstanceHeader(app, config.instanceName);
  registerRequestIdHeader(app);
  // Before any route is declared: each route gets its own hook as it is.
  if (config.metrics) {
    registerRequestMetrics(app);
    registerOperationMetrics(app, GRAPHQL_PATH);
  }
  registerErrorHandler(app);
  // First of the request hooks: under maintenance no API route reads a body, a token or a rate limit.
  if (config.maintenance) {
    registerMaintenance(app, { retryAfterSeconds: config.maintenanceRetryAfterSeconds, corsOrigin: config.corsOrigin });
  }
  const storage = givenStorage ?? createFileStorage(config);
  if (!givenStorage) app.addHook('onClose', () => storage.close());
  // Every limit and the ALTCHA replay store live in the database, so several API processes enforce them together.
  const limiters = createLimiterFactory(db, config.jwtSecret);
  const loginLimiter = new LoginRateLimiter(limiters, config.loginAttemptsPerIp);
  const throttle = new Throttle(limiters, config.loginAttemptsPerIp);
  const uploads = uploadLimiter(limiters);
  const photoUploads = photoUploadLimiter(limiters);
  const messenger = createMessenger(db, config, config.now);
  const cep = createCepProvider(config.cepProvider, {
    onError: (error) => app.log.warn({ err: error }, 'Consulta de CEP falhou; usando a amostra local.'),
  });
  // ALTCHA's challenge route and the check of its solutions share one signing key and replay store.
  const human = config.humanVerification ? humanVerification(config.jwtSecret, db) : null;
  if (human) void app.register(human.routes);
  const humanCheck = human?.verifier ?? noHumanCheck;

  // One object for the life of the app: every request's context has it as its prototype, and a new prototype per
  // request costs V8 a prototype set-up each time and makes every `ctx.db` read a slow lookup.
  const contextDeps: ContextDeps = {
    db,
    config,
    loginLimiter,
    throttle,
    uploadLimiter: uploads,
    photoLimiter: photoUploads,
    messenger,
    humanCheck,
    storage,
    cep,
    nfeTrust: nfeTrustStoreOf(config),
    activeSessionMember: memberOfActiveFamily,
  };

  registerSecurityHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
  });
  // API answers above 1 kB (the invoices list, the extract, content pages) go compressed to a weak phone signal.
  // The site's own files come precompressed from the build, which this plugin leaves alone. Brotli at quality 4
  // costs a small part of the CPU of the default 11 for nearly the same size on JSON.
  void app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  if (config.corsOrigin) {
    void app.register(cors, {
      origin: new URL(config.corsOrigin).origin,
      methods: ['GET', 'POST'],
      allowedHeaders: [
        'content-type',
        'authorization',
        'apollo-require-preflight',
        'x-apollo-operation-name',
        'x-kiosk-key',
        'x-mgl-session-id',
      ],
      maxAge: 600,
    });
  }

  registerRequestLimit(app, {
    limiters,
    tokens: config,
    perMinute: config.requestsPerMinute,
    graphqlPath: GRAPHQL_PATH,
    uncountedPaths: [...STATIC_SITE_PATHS, apiRouteTable.contentImage.path, ...Object.values(HEALTH_PATHS)],
  });
  registerHealthRoutes(app, { db, storage, lifecycle });

  onRoutesOf(app, GRAPHQL_PATH, (route) => {
    route.onRequest = withHook(route.onRequest, csrfGuard as never);
  });
  registerGraphqlLimits(app, GRAPHQL_PATH);
  // Parameter types, batches and the graphql-response+json media type, on the routes mercurius declares below.
  registerGraphqlOverHttp(app, GRAPHQL_PATH);

  // Multipart GraphQL requests (invoice files, profile photo); the CSRF hook above has already refused any without
  // the preflight header.
  registerGraphqlMultipart(app, UPLOAD_OPTIONS);
  // Each module's own HTTP routes, as one plugin per module.
  const moduleDeps: ModuleDeps = { db, config, storage, limiters };
  for (const clubModule of clubModules) if (clubModule.routes) void app.register(clubModule.routes, moduleDeps);
  // The painel's files of every module (invoice files, project photos) behind one signed-link route.
  void app.register(staffFilesRoute(clubModules.flatMap((clubModule) => clubModule.staffFiles ?? [])), moduleDeps);

  // The painel's endpoint, apart from the members' (its own schema, tokens and context); registered first, as both
  // give their Fastify context mercurius's decorators.
  registerStaffEndpoint(app, {
    path: apiRouteTable.painelGraphql.path,
    maxBodyBytes: apiRouteTable.painelGraphql.maxBodyBytes,
    sdl: loadStaffSchemaSdl(),
    resolverSets: clubModules.flatMap((clubModule) => (clubModule.staffResolvers ? [clubModule.staffResolvers] : [])),
    deps: { db, config, limiters, storage, staffSession: checkStaffSession },
    queryCache,
  });

  void app.register(mercurius, {
    schema: loadSchemaSdl(),
    resolvers: {
      // The scalar's parser functions, not a GraphQLScalarType: mercurius copies its keys onto the schema's type.
      ...scalarResolvers,
      ...mergeResolvers(...clubModules.flatMap((clubModule) => (clubModule.resolvers ? [clubModule.resolvers] : []))),
    } as never,
    path: GRAPHQL_PATH,
    graphiql: false,
    ...(queryCache ? {} : { cache: false }),
    queryDepth: 10,
    // A document's second request compiles it to a function (graphql-jit), which runs it from then on: the app sends
    // a few dozen documents over and over. jit.test.ts checks that both engines answer alike.
    jit: 1,
    allowBatchedQueries: false,
    validationRules: config.nodeEnv === 'production' ? [NoSchemaIntrospectionCustomRule] : [],
    context: (request) => buildContext(request, contextDeps),
    errorFormatter: (execution, context) =>
      formatExecutionErrors(execution as Parameters<typeof formatExecutionErrors>[0], context as never),
  });

  registerJobs(app, db, config.now, [
    limitsCleanupJob(db),
    ...clubModules.flatMap((clubModule) => clubModule.jobs?.(moduleDeps) ?? []),
  ]);

  if (config.serveStatic) registerStaticSite(app, { root: config.staticDir });

  return app;
}
