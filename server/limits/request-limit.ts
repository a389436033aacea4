import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { TokenSettings } from '../auth/tokens';
import { requestAuth, requestAuthNow } from '../auth/request-auth';
import { withHook } from '../http/route-hooks';
import { normalizeIP } from './client-address';
import { leasedLimiter } from './leased-limiter';
import type { LimiterFactory, Take } from './limiter-factory';

export const REQUESTS_MESSAGE = 'Muitas requisições. Aguarde um minuto e tente novamente.';

const MINUTE_MS = 60 * 1000;

export interface RequestLimitOptions {
  readonly limiters: LimiterFactory;
  readonly tokens: TokenSettings;
  /** REQUESTS_PER_MINUTE. */
  readonly perMinute: number;
  readonly graphqlPath: string;
  /**
   * Routes that serve files anyone may cache (the export, content images): never counted. A cold page load is 60–70
   * of them, so counting them would lock a whole store's Wi-Fi out of the API after about ten phones.
   */
  readonly uncountedPaths: readonly string[];
}

const byAddress = (request: FastifyRequest) => `ip:${normalizeIP(request.ip)}`;

/**
 * Whether a request is for the GraphQL route, read from its URL: Fastify's `routeOptions` builds an object on every
 * call. An odd spelling of the path that still reaches the route only gets the request counted by address.
 */
const isGraphql = (request: FastifyRequest, graphqlPath: string) => {
  const { url } = request;
  return url.startsWith(graphqlPath) && (url.length === graphqlPath.length || url[graphqlPath.length] === '?');
};

/**
 * The key a request is counted under: the member of a valid access token on the GraphQL route, the client's
 * address otherwise (IPv6 by its /64), so the members behind one shop's Wi-Fi or a carrier's shared address each
 * have their own budget.
 */
export async function requestKey(request: FastifyRequest, tokens: TokenSettings, graphqlPath: string): Promise<string> {
  if (isGraphql(request, graphqlPath)) {
    const { userId } = await requestAuth(request, tokens);
    if (userId !== null) return `member:${userId}`;
  }
  return byAddress(request);
}

/** The key when it is known without waiting (no token, or one verified before), else null. */
function requestKeyNow(request: FastifyRequest, tokens: TokenSettings, graphqlPath: string): string | null {
  if (!isGraphql(request, graphqlPath)) return byAddress(request);
  const auth = requestAuthNow(request, tokens);
  if (!auth) return null;
  return auth.userId === null ? byAddress(request) : `member:${auth.userId}`;
}

/**
 * REQUESTS_PER_MINUTE on every API route, counted in the club's database and shared by all API processes, with the
 * x-ratelimit-* headers and, past the limit, a 429 in the API's error shape with Retry-After. The routes of
 * `uncountedPaths` (static files) are not counted: the hook is put on each other route as it is declared, so call
 * this before the routes.
 *
 * A member's usual request is answered from this process's lease of their count and an access token verified on an
 * earlier request, without a promise: this hook runs before every request of the API, and as @fastify/rate-limit's
 * plugin it took a fifth of the time of a short one. Only a lease to renew or a new token waits.
 */
export function registerRequestLimit(app: FastifyInstance, options: RequestLimitOptions): void {
  // Counted a lease of hits at a time (one write per few dozen requests of a key), exactly near the limit.
  const limiter = leasedLimiter(options.limiters({ name: 'requests', max: options.perMinute, windowMs: MINUTE_MS }));
  const max = options.perMinute;
  const limitHeader = String(max);
  const uncounted = new Set(options.uncountedPaths);

  const answer = (take: Take, reply: FastifyReply, done: () => void) => {
    const resetSeconds = String(Math.max(0, Math.ceil(take.msBeforeReset / 1000)));
    reply.header('x-ratelimit-limit', limitHeader);
    reply.header('x-ratelimit-remaining', String(Math.max(0, max - take.count)));
    reply.header('x-ratelimit-reset', resetSeconds);
    if (take.allowed) {
      done();
      return;
    }
    void reply
      .code(429)
      .header('retry-after', resetSeconds)
      .type('application/json; charset=utf-8')
      .send({ data: null, errors: [{ message: REQUESTS_MESSAGE, extensions: { code: 'TOO_MANY_REQUESTS' } }] });
  };

  const limitHook: onRequestHookHandler = (request, reply, done) => {
    const key = requestKeyNow(request, options.tokens, options.graphqlPath);
    const now = key === null ? null : limiter.takeNow(key);
    if (now) {
      answer(now, reply, done);
      return;
    }
    (key === null ? requestKey(request, options.tokens, options.graphqlPath) : Promise.resolve(key))
      .then((k) => limiter.take(k))
      .then(
        (take) => answer(take, reply, done),
        (error: unknown) => {
          // If the database cannot count, the request goes on: everything but the static pages needs the database
          // anyway, and they should not go down with it.
          request.log.warn({ err: error }, 'Limite de requisições indisponível; requisição liberada');
          done();
        },
      );
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!uncounted.has(route.url)) route.onRequest = withHook(route.onRequest, limitHook);
  });
}
