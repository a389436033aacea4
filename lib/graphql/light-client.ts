import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { BASE_HEADERS, JSON_ACCEPT } from './request-headers';

/**
 * The club's light GraphQL client, for pages that do without Apollo (the member's pages opened cold, the painel): a
 * POST of the operation codegen wrote as a string, failing the way Apollo's HTTP link would, with its error classes,
 * so every page reads failures with lib/apollo/errors. Each side makes its own with what differs: the endpoint, the
 * headers (whose token), what wraps the fetch, and what an answer or an error does besides.
 */

/** An operation as codegen writes it for the light client (lib/graphql/generated-public, lib/painel/operations). */
export type LightOperation<TResult, TVariables> = DocumentTypeDecoration<TResult, TVariables> & { toString(): string };

export interface LightRequestOptions {
  /** Extra headers of this operation (the kiosk's key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a hold let go as the tab closes). */
  keepalive?: boolean;
  /** For tests; the page's fetch by default. */
  fetch?: typeof fetch;
  /** For tests; the side's endpoint by default. */
  uri?: string;
}

export interface LightClientSide {
  endpoint: () => string;
  /** The side's headers of one request: its token, and the operation's own headers (`given`). */
  headers: (given: Record<string, string> | undefined) => Record<string, string>;
  /** Wraps the fetch (the member's side watches it to tell the page is offline). */
  wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
  /** Reads every HTTP answer first (the member's side: the maintenance screen). */
  onAnswer?: (status: number, bodyText: string) => void;
  /** What a failure does besides being thrown; `sent` is the headers the request carried. */
  onError?: (error: unknown, sent: Record<string, string>) => void;
}

interface Body<TResult> {
  data?: TResult | null;
  errors?: CombinedGraphQLErrors['errors'];
}

const OPERATION_NAME = /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/;

async function send<TResult>(
  side: LightClientSide,
  query: string,
  variables: unknown,
  options: LightRequestOptions,
  headers: Record<string, string>,
): Promise<TResult> {
  const given = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const response = await (side.wrapFetch ? side.wrapFetch(given) : given)(options.uri ?? side.endpoint(), {
    method: 'POST',
    headers,
    body: JSON.stringify({ operationName: OPERATION_NAME.exec(query)?.[1], variables, query }),
    signal: options.signal,
    ...(options.keepalive ? { keepalive: true } : {}),
  });
  const bodyText = await response.text();
  side.onAnswer?.(response.status, bodyText);
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

/**
 * One side's request: sends one operation and resolves with its data; rejects with CombinedGraphQLErrors,
 * ServerError or a fetch error.
 */
export function lightClient(side: LightClientSide) {
  return async function request<TResult, TVariables>(
    document: LightOperation<TResult, TVariables>,
    variables: TVariables,
    options: LightRequestOptions = {},
  ): Promise<TResult> {
    const headers = {
      ...BASE_HEADERS,
      accept: JSON_ACCEPT,
      'content-type': 'application/json',
      ...side.headers(options.headers),
    };
    try {
      return await send<TResult>(side, document.toString(), variables, options, headers);
    } catch (error) {
      side.onError?.(error, headers);
      throw error;
    }
  };
}
