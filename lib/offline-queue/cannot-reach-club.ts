import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { isMaintenance } from '../apollo/errors';

/**
 * The request never got the club's answer: no connection, a request that failed on the way, a refresh that could
 * not be tried, or a gateway's 5xx. Not the club saying no (GraphQL errors, a 4xx): what the member typed was read.
 */
export function cannotReachClub(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return false;
  if (ServerError.is(error)) return error.statusCode >= 500 && !isMaintenance(error);
  return true;
}
