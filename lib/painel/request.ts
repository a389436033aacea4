import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { apiHref } from '../files/api-href';
import { PAINEL_API_PATHS } from './api-paths';
import type { TypedDocumentString } from './operations';
import { forgetStaffToken, SESSION_ENDED_NOTICE, staffToken } from './session';

/**
 * The painel's GraphQL client: a fetch to /painel/graphql with the staff token, nothing of the member's (no refresh,
 * device session or uploads) and no Apollo. Its operations are strings made by codegen (lib/painel/operations.ts).
 * It fails the way Apollo would, with its error classes, so the screens read failures with lib/apollo/errors. When the
 * API says a sent token opens nothing any more (30 minutes idle, 10 hours, an admin's change), the tab forgets the
 * token and the handler PainelProviders set takes the person back to the sign-in.
 */

export interface PainelRequestOptions {
  signal?: AbortSignal;
  /** For tests; the page's fetch by default. */
  fetch?: typeof fetch;
}

interface Body<TResult> {
  data?: TResult | null;
  errors?: CombinedGraphQLErrors['errors'];
}

const OPERATION_NAME = /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/;

let sessionEnded: () => void = () => undefined;

/** What happens after a sent token was refused (the painel's layout sends the person to the sign-in). */
export function onPainelSessionEnded(handler: () => void): () => void {
  sessionEnded = handler;
  return () => {
    if (sessionEnded === handler) sessionEnded = () => undefined;
  };
}

/** Sends one operation and resolves with its data; rejects with CombinedGraphQLErrors, ServerError or a fetch error. */
export async function painelRequest<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  options: PainelRequestOptions = {},
): Promise<TResult> {
  const query = document.toString();
  const token = staffToken();
  const response = await (options.fetch ?? fetch)(apiHref(PAINEL_API_PATHS.graphql), {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      // The CSRF header every API route asks of a browser (docs/graphql-contract.md).
      'apollo-require-preflight': 'true',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ operationName: OPERATION_NAME.exec(query)?.[1], variables, query }),
    signal: options.signal,
  });
  const bodyText = await response.text();
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
  if (body.errors?.length) {
    const error = new CombinedGraphQLErrors(body);
    if (token && error.errors.some((e) => e.extensions?.['code'] === 'UNAUTHENTICATED')) {
      forgetStaffToken(SESSION_ENDED_NOTICE);
      sessionEnded();
    }
    throw error;
  }
  if (!body.data) throw new ServerError('Server response was malformed.', { response, bodyText });
  return body.data;
}
