import { GraphQLError } from 'graphql';

export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_REQUEST'
  | 'INTERNAL_SERVER_ERROR';

/** The client refreshes its token on UNAUTHENTICATED, so every session problem uses this one message. */
export const SESSION_EXPIRED_MESSAGE = 'Sessão expirada. Entre novamente.';
export const INTERNAL_ERROR_MESSAGE = 'Erro interno. Tente novamente em instantes.';
export const TOO_MANY_REQUESTS_MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

export function apiError(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { ...extra, code } });
}

export const unauthenticated = (message: string = SESSION_EXPIRED_MESSAGE) => apiError('UNAUTHENTICATED', message);

export const forbidden = (message = 'Você não tem permissão para isso.') => apiError('FORBIDDEN', message);

export const notFound = (message = 'Não encontrado.') => apiError('NOT_FOUND', message);

export const tooManyRequests = (message: string = TOO_MANY_REQUESTS_MESSAGE) => apiError('TOO_MANY_REQUESTS', message);

/** `fields` maps an input field name to its pt-BR message, so forms can show each message under its field. */
export const badUserInput = (message: string, fields: Readonly<Record<string, string>> = {}) =>
  apiError('BAD_USER_INPUT', message, { fields });

/** True for errors created on purpose by the API, whose message is safe to show. */
export function isApiError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError && typeof error.extensions['code'] === 'string';
}
