import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenSettings } from '../modules/auth/tokens';
import { requestAuth } from '../graphql/request-auth';
import { leasedLimiter, type LeasedLimiter } from './leased-limiter';
import type { LimiterFactory } from './limiter-factory';

export const REQUESTS_MESSAGE = 'Muitas requisições. Aguarde um minuto e tente novamente.';

const MINUTE_MS = 60 * 1000;

export interface RequestLimitOptions {
  readonly limiters: LimiterFactory;
  readonly tokens: TokenSettings;
  /** REQUESTS_PER_MINUTE. */
  readonly perMinute: number;
  readonly graphqlPath: string;
}

/**
 * The key a request is counted under: the member of a valid access token on the GraphQL route, the client's
 * address otherwise (IPv6 by its /64, as @fastify/rate-limit does), so the members behind one shop's Wi-Fi or a
 * carrier's shared address each have their own budget.
 */
export async function requestKey(request: FastifyRequest, tokens: TokenSettings, graphqlPath: string): Promise<string> {
  if (request.routeOptions.url === graphqlPath) {
    const { userId } = await requestAuth(request, tokens);
    if (userId !== null) return `member:${userId}`;
  }
  return `ip:${normalizeIP(request.ip)}`;
}

/** @fastify/rate-limit's store interface over a limit of the club's database. */
class LimiterStore implements FastifyRateLimitStore {
  constructor(
    private readonly limiter: LeasedLimiter,
    private readonly log: FastifyBaseLogger,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
    this.limiter.take(key).then(
      (take) => callback(null, { current: take.count, ttl: take.msBeforeReset }),
      (error: unknown) => {
        this.log.warn({ err: error }, 'Limite de requisições indisponível; requisição liberada');
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/**
 * REQUESTS_PER_MINUTE on every route, through @fastify/rate-limit (its headers and 429) with the counts in the
 * club's database, shared by all API processes.
 */
export function registerRequestLimit(app: FastifyInstance, options: RequestLimitOptions): void {
  // Counted a lease of hits at a time (one write per few dozen requests of a key), exactly near the limit.
  const limiter = leasedLimiter(options.limiters({ name: 'requests', max: options.perMinute, windowMs: MINUTE_MS }));
  void app.register(rateLimit, {
    max: options.perMinute,
    timeWindow: MINUTE_MS,
    store: class extends LimiterStore {
      constructor() {
        super(limiter, app.log);
      }
    },
    // If the database cannot count, the request goes on: everything but the static pages needs the database anyway,
    // and they should not go down with it.
    skipOnError: true,
    keyGenerator: (request) => requestKey(request, options.tokens, options.graphqlPath),
    errorResponseBuilder: () => ({
      statusCode: 429,
      errors: [{ message: REQUESTS_MESSAGE, extensions: { code: 'TOO_MANY_REQUESTS' } }],
    }),
  });
}
