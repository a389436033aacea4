import { warnOperationError } from '../apollo/errors';
import { config } from '../config';
import { isMaintenanceText } from '@/common/network/maintenance';
import { enterMaintenance } from '../network/maintenance';
import { trackReachability } from '../network/reachability';
import { useSessionStore } from '../session/store';
import { lightClient, type LightRequestOptions } from './light-client';
import { sessionHeaders } from './request-headers';

/**
 * The light GraphQL client of the pages opened cold (login, sign-up, password recovery, the kiosk and the hand-off):
 * a phone on a weak signal gets their form without Apollo's cache and links or graphql's printer. Their operations
 * are strings made by codegen (lib/graphql/generated-public). A request is what Apollo would send (POST, the body and
 * headers of docs/product.md#71-graphql-endpoint-and-headers, the same device session and bearer token) and fails the
 * way Apollo's would, with its own error classes, so the pages read failures with lib/apollo/errors like any other.
 */

export type RequestOptions = LightRequestOptions;

/** Sends one operation and resolves with its data; rejects with CombinedGraphQLErrors, ServerError or a fetch error. */
export const request = lightClient({
  endpoint: () => config.graphqlUrl,
  headers: (given) => sessionHeaders(given, useSessionStore.getState().token),
  // Failed fetches tell the app it is offline, as Apollo's do.
  wrapFetch: trackReachability,
  // The club is under maintenance: the app shows the maintenance screen, as it does for Apollo's requests.
  onAnswer: (status, bodyText) => {
    if (status === 503 && isMaintenanceText(bodyText)) enterMaintenance();
  },
  onError: (error) => {
    if (!(error instanceof Error && error.name === 'AbortError')) warnOperationError(error as Error);
  },
});
