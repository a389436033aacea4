import type { ErrorLike } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { MAINTENANCE_CODE, isMaintenanceText } from '@/common/network/maintenance';
import { ERROR_ID_PATTERN, errorIdLine } from '@/common/errors/error-id';
import { isClubUnreachable } from '../network/reachability';

const hasCode = (error: ErrorLike, code: string): boolean =>
  CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === code);

/** UNAUTHENTICATED arrives as a GraphQL error, or as a 401 ServerError when a proxy answers first. */
export function isUnauthenticated(error: ErrorLike): boolean {
  return hasCode(error, 'UNAUTHENTICATED') || (ServerError.is(error) && error.statusCode === 401);
}

/**
 * The API is under maintenance (MAINTENANCE=true): a 503 whose body has the MAINTENANCE code, a ServerError for the
 * app's application/json answers (or the same code among GraphQL errors). Not the API saying no to the session.
 */
export function isMaintenance(error: ErrorLike | undefined): boolean {
  if (!error) return false;
  if (ServerError.is(error)) return error.statusCode === 503 && isMaintenanceText(error.bodyText);
  return hasCode(error, MAINTENANCE_CODE);
}

/** A limit refused the request: TOO_MANY_REQUESTS among the GraphQL errors, or the request limit's 429. */
export function isTooManyRequests(error: ErrorLike): boolean {
  return hasCode(error, 'TOO_MANY_REQUESTS') || (ServerError.is(error) && error.statusCode === 429);
}

export function isUserDisabled(error: ErrorLike | undefined): boolean {
  return !!error && CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.message === 'User disabled');
}

/**
 * GraphQL errors are logged as warnings with their message and path, network errors are logged
 * (docs/product.md#81-operation-errors).
 */
export function warnOperationError(error: ErrorLike): void {
  if (CombinedGraphQLErrors.is(error)) {
    for (const { message, path } of error.errors) {
      console.warn(`[GraphQL error]: Message: ${message}, Path: ${path?.join('.') ?? '-'}`);
    }
  } else {
    console.warn(`[Network error]: ${error.message}`);
  }
}

export const NETWORK_ERROR_MESSAGE = 'Não foi possível falar com o clube. Verifique sua conexão e tente de novo.';

/** An action that needs the club, tried without signal: said in place, not as a failure of the club. */
export const OFFLINE_ACTION_MESSAGE = 'Sem conexão: isso precisa do clube. Tente de novo quando o sinal voltar.';

export const USER_DISABLED_MESSAGE = 'Esta conta está desativada. Fale com o clube pelo WhatsApp.';

/** The code of an "Erro interno" (`extensions.errorId`), which finds the failure in the API's log. */
export function errorIdOf(error: ErrorLike | undefined): string | null {
  if (!error || !CombinedGraphQLErrors.is(error)) return null;
  const id = error.errors.find((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR')?.extensions?.errorId;
  return typeof id === 'string' && ERROR_ID_PATTERN.test(id) ? id : null;
}

/**
 * The pt-BR message to show a member for a failed operation. An "Erro interno" has its code on a second line
 * ("Código do erro: 7F3K-92QA"), which components/ui/error-text.tsx shows under the message.
 */
export function errorMessage(error: ErrorLike): string {
  // 'User disabled' is the API's contract string (docs/product.md#72-the-member-query), not a message for members.
  if (isUserDisabled(error)) return USER_DISABLED_MESSAGE;
  if (CombinedGraphQLErrors.is(error)) {
    const message = error.errors[0]?.message ?? NETWORK_ERROR_MESSAGE;
    const errorId = errorIdOf(error);
    return errorId ? `${message}\n${errorIdLine(errorId)}` : message;
  }
  // A server error's answer means the club was reached; no answer at all, the phone has no signal.
  if (!ServerError.is(error) && isClubUnreachable()) return OFFLINE_ACTION_MESSAGE;
  return NETWORK_ERROR_MESSAGE;
}

/** The API's stable sub-code of a refusal (`extensions.reason`), e.g. KIOSK_INVALID. */
export function errorReason(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const reason = error.errors[0]?.extensions?.reason;
  return typeof reason === 'string' ? reason : null;
}

/** Per-field pt-BR messages the API puts in `extensions.fields` with BAD_USER_INPUT. */
export function fieldErrors(error: ErrorLike | undefined): Record<string, string> {
  if (!error || !CombinedGraphQLErrors.is(error)) return {};
  const fields = error.errors.find((e) => e.extensions?.code === 'BAD_USER_INPUT')?.extensions?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}
