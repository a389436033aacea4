import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { apiHref } from '../files/api-href';
import { lightClient } from '../graphql/light-client';
import { PAINEL_API_PATHS } from '@/common/painel/api-paths';
import { forgetStaffToken, SESSION_ENDED_NOTICE, staffToken } from './session';

/**
 * The painel's GraphQL client: the light client (lib/graphql/light-client.ts) to /painel/graphql with the staff
 * token, nothing of the member's (no refresh, device session, uploads, offline or maintenance screen). Its operations
 * are strings made by codegen (lib/painel/operations.ts). When the API says a sent token opens nothing any more
 * (30 minutes idle, 10 hours, an admin's change), the tab forgets the token and the handler PainelProviders set takes
 * the person back to the sign-in.
 */

let sessionEnded: () => void = () => undefined;

/** What happens after a sent token was refused (the painel's layout sends the person to the sign-in). */
export function onPainelSessionEnded(handler: () => void): () => void {
  sessionEnded = handler;
  return () => {
    if (sessionEnded === handler) sessionEnded = () => undefined;
  };
}

/** Sends one operation and resolves with its data; rejects with CombinedGraphQLErrors, ServerError or a fetch error. */
export const painelRequest = lightClient({
  endpoint: () => apiHref(PAINEL_API_PATHS.graphql),
  headers: (given): Record<string, string> => {
    const token = staffToken();
    return token ? { ...given, authorization: `Bearer ${token}` } : { ...given };
  },
  onError: (error, sent) => {
    const refused =
      CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.['code'] === 'UNAUTHENTICATED');
    if (refused && sent.authorization) {
      forgetStaffToken(SESSION_ENDED_NOTICE);
      sessionEnded();
    }
  },
});
