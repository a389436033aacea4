import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { warnOperationError } from '../apollo/errors';
import { config } from '../config';
import { enterMaintenance, isMaintenanceText } from '../network/maintenance';
import { trackReachability } from '../network/reachability';
import { useSessionStore } from '../session/store';
import type { TypedDocumentString } from './generated-public/graphql';
import { BASE_HEADERS, JSON_ACCEPT, sessionHeaders } from './request-headers';

/**
 * The light GraphQL client of the pages opened cold (login, sign-up, password recovery, the kiosk and the hand-off):
 * a phone on a weak signal gets their form without Apollo's cache and links or graphql's printer. Their operations
 * are strings made by codegen (lib/graphql/generated-public). A request is what Apollo would send (POST, the body and
 * headers of docs/product.md#71-graphql-endpoint-and-headers, the same device session and bearer token) and fails the
 * way Apollo's would, with its own error classes, so the pages read failures with lib/apollo/errors like any other.
 */

export interface RequestOptions {
  /** Extra headers of this operation (the kiosk's key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** For tests; the page's fetch by default. */
  fetch?: typeof fetch;
  uri?: string;
}

interface Body<TResult> {
  data?: TResult | null;
  errors?: CombinedGraphQLErrors['errors'];
}

const OPERATION_NAME = /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/;

async function send<TResult>(query: string, variables: unknown, options: RequestOptions): Promise<TResult> {
  const fetchImpl = trackReachability(options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args)));
  const headers = {
    ...BASE_HEADERS,
    accept: JSON_ACCEPT,
    'content-type': 'application/json',
    ...sessionHeaders(options.headers, useSessionStore.getState().token),
  };
  const response = await fetchImpl(options.uri ?? config.graphqlUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({ operationName: OPERATION_NAME.exec(query)?.[1], variables, query }),
    signal: options.signal,
  });
  const bodyText = await response.text();
  // The club is under maintenance: the app shows the maintenance screen, as it does for Apollo's requests.
  if (response.status === 503 && isMaintenanceText(bodyText)) enterMaintenance();
  // Like Apollo's HTTP link: an HTTP error is a ServerError unless the body is a GraphQL response by its media type.
  const graphqlResponse = response.headers.get('content-type')?.includes('application/graphql-response+json');
  if (response.status >= 300 && !graphqlResponse) {
    throw new ServerError(`Response not successful: Received status code ${response.status}`, { response, bodyText });
  }
  let body: Body<TResult>;
  try {
    body = JSON.parse(bodyText) as Body<TResult>;
  } catch {
    throw new ServerError('Server response was not JSON.', { response, bodyText });
  }
  if (body.errors?.length) throw new CombinedGraphQLErrors(body);
  if (!body.data) throw new ServerError('Server response was malformed.', { response, bodyText });
  return body.data;
}

/** Sends one operation and resolves with its data; rejects with CombinedGraphQLErrors, ServerError or a fetch error. */
export async function request<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  options: RequestOptions = {},
): Promise<TResult> {
  try {
    return await send<TResult>(document.toString(), variables, options);
  } catch (error) {
    if (!(error instanceof Error && error.name === 'AbortError')) warnOperationError(error as Error);
    throw error;
  }
}
