import type { FastifyInstance, FastifyReply, onResponseHookHandler } from 'fastify';
import type { GraphQLFormattedError } from 'graphql';
import { onRoutesOf, withHook } from '../http/route-hooks';
import { graphqlOperationDuration } from '../metrics/registry';

type Outcome = 'ok' | 'user_error' | 'internal';

const outcomes = new WeakMap<FastifyReply, Outcome>();

const CLUB_FAILURES = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);

/**
 * Called by the error formatter: an answer with errors is a user error, unless one of them is the club's failure (a
 * bug, or a part of the club unavailable), which the member could do nothing about.
 */
export function noteOutcome(reply: FastifyReply | undefined, errors: readonly GraphQLFormattedError[]): void {
  if (!reply || errors.length === 0) return;
  outcomes.set(
    reply,
    errors.some((error) => CLUB_FAILURES.has(String(error.extensions?.['code']))) ? 'internal' : 'user_error',
  );
}

const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,79}$/;
/**
 * The app sends a few dozen named operations; anyone can send others, so past this many distinct names a new one is
 * counted as `(outras)` and the series stay bounded whatever a client sends.
 */
const MAX_OPERATION_NAMES = 200;

function operationNameOf(body: unknown, query: unknown): unknown {
  const fromBody = (body as { operationName?: unknown } | null | undefined)?.operationName;
  return fromBody ?? (query as { operationName?: unknown } | null | undefined)?.operationName;
}

/**
 * `clube_graphql_operation_duration_seconds` by the operation's name (the `operationName` the app sends with every
 * request) and outcome: ok, user_error (the API said no: a wrong field, a refusal, a limit) or internal (a bug,
 * the member read "Erro interno").
 */
export function registerOperationMetrics(app: FastifyInstance, path: string): void {
  const seen = new Set<string>();
  const label = (name: unknown): string => {
    if (typeof name !== 'string' || !OPERATION_NAME.test(name)) return '(sem nome)';
    if (seen.has(name)) return name;
    if (seen.size >= MAX_OPERATION_NAMES) return '(outras)';
    seen.add(name);
    return name;
  };
  const observe: onResponseHookHandler = (request, reply, done) => {
    // Refused before GraphQL ran (the CSRF check, a body too large, the request limit): no formatter saw it.
    const outcome: Outcome =
      outcomes.get(reply) ?? (reply.statusCode >= 500 ? 'internal' : reply.statusCode >= 400 ? 'user_error' : 'ok');
    graphqlOperationDuration.observe(
      { operation: label(operationNameOf(request.body, request.query)), outcome },
      reply.elapsedTime / 1000,
    );
    done();
  };
  onRoutesOf(app, path, (route) => {
    route.onResponse = withHook(route.onResponse, observe);
  });
}
