import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { GraphQLError, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql';
import { INTERNAL_ERROR_MESSAGE, isApiError } from '../errors/api-errors';
import {
  isRequestSchemaMessage,
  METHOD_NOT_ALLOWED_MESSAGE,
  REQUEST_PARAMETERS_MESSAGE,
  requestErrorMessage,
} from '../errors/request-errors';
import { unavailability, unavailableMessage, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors/unavailable';
import { newErrorId } from '../errors/error-id';
import { noteOutcome } from './operation-metrics';
import { variableProblemOf } from './variable-errors';

interface HttpishError extends Error {
  statusCode?: number;
  errors?: unknown[];
}

const httpStatusOf = (error: unknown): number | undefined => {
  const status = (error as HttpishError | undefined)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
};

function shape(error: GraphQLError, code: string, message = error.message, errorId?: string): GraphQLFormattedError {
  const fields = error.extensions['fields'];
  // A stable sub-code the client acts on (e.g. a kiosk told to show its set-up screen).
  const reason = error.extensions['reason'];
  return {
    message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: {
      code,
      ...(fields === undefined ? {} : { fields }),
      ...(typeof reason === 'string' ? { reason } : {}),
      ...(errorId === undefined ? {} : { errorId }),
    },
  };
}

const withoutSuggestions = (message: string): string => message.replace(/\s*Did you mean .*$/s, '');

/** A variable of the wrong type, in pt-BR with the field it was for; any other validation error as graphql wrote it. */
function validationError(error: GraphQLError, code: string): GraphQLFormattedError {
  if (code === 'METHOD_NOT_ALLOWED') return shape(error, code, METHOD_NOT_ALLOWED_MESSAGE);
  if (isRequestSchemaMessage(error.message)) return shape(error, 'BAD_REQUEST', REQUEST_PARAMETERS_MESSAGE);
  const variable = variableProblemOf(error.message);
  if (variable === null) return shape(error, code, withoutSuggestions(error.message));
  const translated = new GraphQLError(variable.message, {
    extensions: { fields: { [variable.field]: variable.message } },
  });
  return shape(translated, 'BAD_USER_INPUT');
}

/**
 * Every error leaves with a message and an `extensions.code`. Errors the API raised on purpose keep their pt-BR
 * message; a request that could not be read (bad JSON, a GET mutation, a variable of the wrong type) gets a pt-BR
 * one; a query document graphql refuses keeps graphql's text, for the developer who wrote it; anything else is a bug
 * whose details stay in the log.
 */
function formatOne(error: GraphQLError, log: FastifyBaseLogger): GraphQLFormattedError[] {
  const original = error.originalError as HttpishError | undefined;
  if (isApiError(original) || (original === undefined && isApiError(error))) {
    return [shape(error, String(error.extensions['code']))];
  }
  // No "Did you mean …?": the app never needs it, and it would map the schema for whoever probes it.
  if (original === undefined) return [validationError(error, 'GRAPHQL_VALIDATION_FAILED')];
  if (Array.isArray(original.errors) && original.errors.length > 0) {
    const code =
      original.statusCode === 405
        ? 'METHOD_NOT_ALLOWED'
        : original.statusCode === 429
          ? 'TOO_MANY_REQUESTS'
          : 'GRAPHQL_VALIDATION_FAILED';
    return original.errors.map((inner) => {
      const gql = inner instanceof GraphQLError ? inner : new GraphQLError(String((inner as Error).message ?? inner));
      return validationError(gql, code);
    });
  }
  const status = httpStatusOf(original);
  if (status !== undefined && status < 500) return [shape(error, 'BAD_REQUEST', requestErrorMessage(original, status))];

  const why = unavailability(original);
  if (why) {
    log.warn({ err: original, path: error.path }, 'Parte do clube indisponível');
    return [shape(error, 'SERVICE_UNAVAILABLE', unavailableMessage(why))];
  }
  // The member reads the id under the message and quotes it; the same id in this line leads support to the stack.
  const errorId = newErrorId();
  log.error({ err: original, path: error.path, errorId }, 'Erro inesperado ao executar GraphQL');
  return [shape(error, 'INTERNAL_SERVER_ERROR', INTERNAL_ERROR_MESSAGE, errorId)];
}

interface FormatterContext {
  reply?: { log: FastifyBaseLogger; header(name: string, value: string): unknown };
  app: { log: FastifyBaseLogger };
}

export function formatExecutionErrors(
  execution: ExecutionResult & { errors: readonly GraphQLError[]; statusCode?: number },
  context: FormatterContext,
): { statusCode: number; response: FormattedExecutionResult } {
  const log = context.reply?.log ?? context.app.log;
  const errors = execution.errors.flatMap((e) => formatOne(e, log));
  noteOutcome(context.reply as FastifyReply | undefined, errors);
  let statusCode = 200;
  if (!execution.data) {
    const first = execution.errors[0];
    statusCode =
      execution.statusCode ??
      (execution.errors.length === 1 && first ? httpStatusOf(first.originalError) : undefined) ??
      200;
  }
  // Nothing was done and it may be tried again: a 503 the browser and any proxy understand, with when to retry.
  if (!execution.data && errors.length > 0 && errors.every((e) => e.extensions?.['code'] === 'SERVICE_UNAVAILABLE')) {
    statusCode = 503;
    context.reply?.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  }
  return { statusCode, response: { data: execution.data ?? null, errors } };
}
