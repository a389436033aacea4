import { ApolloLink } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { print } from 'graphql';
import { Observable } from 'rxjs';
import { config } from '../config';
import { DEVICE_SESSION_HEADER, getDeviceSessionId } from '../device-session/session-id';
import { MRefreshToken } from '../graphql/operations';
import { useSessionStore } from '../session/store';
import { trackReachability } from '../network/reachability';
import { enterMaintenance, isMaintenanceResponse } from '../network/maintenance';
import { isMaintenance, isUnauthenticated } from './errors';
import { createRefreshCoordinator } from './refresh-coordinator';
import { createProgressFetch } from './xhr-fetch';

/** Headers every request carries; the preflight header is the API's CSRF rule. */
export const BASE_HEADERS = { 'apollo-require-preflight': 'true' } as const;

/**
 * Apollo asks for application/graphql-response+json first by default; the app reads the API's application/json
 * answers (a refused request is a ServerError with its HTTP status, never mistaken for the API saying no to the
 * session), so it asks for exactly that.
 */
export const JSON_ACCEPT = 'application/json';

export interface LinkOptions {
  uri?: string;
  fetch?: typeof fetch;
  /** What happens when the refresh token is refused: by default the session is cleared and the page reloads. */
  onSessionLost?: () => void;
}

function reloadWithoutSession(): void {
  useSessionStore.getState().clearSession();
  window.location.reload();
}

/**
 * The refresh could not be tried: no connection, a timeout, or a server error. The tokens may still be good, so
 * the session is kept and the operation fails like any other network error; the next one tries again.
 */
export class RefreshUnreachable extends Error {
  constructor(cause: unknown) {
    super('Não foi possível renovar a sessão agora.', { cause });
    this.name = 'RefreshUnreachable';
  }
}

/** Exchanges the refresh token outside Apollo, so a failing refresh can never loop through the error link. */
async function fetchNewTokens(uri: string, fetchImpl: typeof fetch, refreshToken: string): Promise<string> {
  let response: Response;
  let body: { data?: { refreshToken?: { access_token: string; refresh_token: string } | null } | null };
  try {
    response = await fetchImpl(uri, {
      method: 'POST',
      headers: {
        ...BASE_HEADERS,
        'content-type': 'application/json',
        [DEVICE_SESSION_HEADER]: getDeviceSessionId(),
      },
      body: JSON.stringify({
        operationName: 'MRefreshToken',
        query: print(MRefreshToken),
        variables: { refreshToken },
      }),
    });
    // Under maintenance the tokens stay as they are: the refresh is tried again once the club is back.
    if (await isMaintenanceResponse(response)) enterMaintenance();
    if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
    body = (await response.json()) as typeof body;
  } catch (error) {
    throw new RefreshUnreachable(error);
  }
  const tokens = body.data?.refreshToken;
  // The API answered and said no: the refresh token is expired, revoked or reused.
  if (!response.ok || !tokens) throw new Error('refresh refused');
  useSessionStore.getState().setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
  return tokens.access_token;
}

/** Error link → auth and device-session header link → HTTP/upload link (SPEC 7 and 8). */
export function createLink(options: LinkOptions = {}): ApolloLink {
  const uri = options.uri ?? config.graphqlUrl;
  // Every request tells the connection notice whether the club answered.
  const fetchImpl = trackReachability(options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args)));
  const onSessionLost = options.onSessionLost ?? reloadWithoutSession;
  const coordinator = createRefreshCoordinator({
    currentAccessToken: () => useSessionStore.getState().token,
    currentRefreshToken: () => useSessionStore.getState().refreshToken,
    refresh: (refreshToken) => fetchNewTokens(uri, fetchImpl, refreshToken),
  });

  const errorLink = new ErrorLink(({ error, operation, forward }) => {
    // The club is under maintenance: the app shows the maintenance screen; no refresh, and the session stays.
    if (isMaintenance(error)) {
      enterMaintenance();
      return;
    }
    const context = operation.getContext() as { retried?: boolean; usedToken?: string | null };
    if (isUnauthenticated(error) && !context.retried && useSessionStore.getState().refreshToken) {
      return new Observable((observer) => {
        coordinator.accessTokenAfterFailure(context.usedToken ?? null).then(
          () => {
            operation.setContext({ retried: true });
            forward(operation).subscribe(observer);
          },
          (refreshError: unknown) => {
            if (refreshError instanceof RefreshUnreachable) {
              console.warn(`[Network error]: ${refreshError.message}`);
              observer.error(refreshError);
              return;
            }
            onSessionLost();
            observer.error(error);
          },
        );
      });
    }
    if (CombinedGraphQLErrors.is(error)) {
      for (const { message, path } of error.errors) {
        console.warn(`[GraphQL error]: Message: ${message}, Path: ${path?.join('.') ?? '-'}`);
      }
    } else {
      console.warn(`[Network error]: ${error.message}`);
    }
  });

  // Every request names the device session, so the API ties logins, sign-ups and sends to it (created on first use);
  // an operation may name the one it belongs to (the logout, sent as its session ends).
  const authLink = new SetContextLink((prevContext) => {
    const token = useSessionStore.getState().token;
    const previous = prevContext.headers as Record<string, string> | undefined;
    const headers: Record<string, string> = {
      ...previous,
      [DEVICE_SESSION_HEADER]: previous?.[DEVICE_SESSION_HEADER] ?? getDeviceSessionId(),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    return { headers, usedToken: token };
  });

  // Sends JSON like HttpLink, and multipart when the variables hold files (invoice uploads); a request whose
  // context carries fetchOptions.onUploadProgress goes through XHR so the screen can show its progress.
  const httpLink = new UploadHttpLink({
    uri,
    fetch: createProgressFetch(fetchImpl),
    headers: { ...BASE_HEADERS, accept: JSON_ACCEPT },
    useGETForQueries: config.graphqlGetForQueries,
  });

  return ApolloLink.from([errorLink, authLink, httpLink]);
}
