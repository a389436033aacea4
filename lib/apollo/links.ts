import { ApolloLink } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { print } from 'graphql';
import { Observable } from 'rxjs';
import { config } from '../config';
import { MRefreshToken } from '../session/operations';
import { BASE_HEADERS, JSON_ACCEPT, sessionHeaders } from '../graphql/request-headers';
import { rememberSessionEnd } from '../session/session-end-key';
import { useSessionStore } from '../session/store';
import { trackReachability } from '../network/reachability';
import { isMaintenanceResponse } from '@/common/network/maintenance';
import { enterMaintenance } from '../network/maintenance';
import { isMaintenance, isUnauthenticated, warnOperationError } from './errors';
import { createRefreshCoordinator } from './refresh-coordinator';
import { createProgressFetch } from './xhr-fetch';

export interface LinkOptions {
  uri?: string;
  fetch?: typeof fetch;
  /**
   * What happens when the refresh token is refused: by default the session is cleared and the page reloads, the
   * login screen then saying why when the refusal's `errors` did.
   */
  onSessionLost?: (errors?: unknown) => void;
}

function reloadWithoutSession(errors?: unknown): void {
  rememberSessionEnd(errors);
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

type RefreshBody = {
  data?: { refreshToken?: { access_token: string; refresh_token: string } | null } | null;
  errors?: unknown;
};

/** Exchanges the refresh token outside Apollo, so a failing refresh can never loop through the error link. */
async function fetchNewTokens(uri: string, fetchImpl: typeof fetch, refreshToken: string): Promise<string> {
  let response: Response;
  let body: RefreshBody;
  try {
    response = await fetchImpl(uri, {
      method: 'POST',
      // The refresh token travels in the body: no bearer token, which may be the expired one.
      headers: { ...BASE_HEADERS, 'content-type': 'application/json', ...sessionHeaders(undefined, null) },
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
  // The API answered and said no: the refresh token is expired, revoked (maybe from another device) or reused.
  // Its errors go with the refusal: one may say why (a session ended from another device), for the login screen.
  if (!response.ok || !tokens) throw Object.assign(new Error('refresh refused'), { errors: body.errors });
  useSessionStore.getState().setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
  return tokens.access_token;
}

/**
 * Error link → auth and device-session header link → HTTP/upload link: the requests of
 * docs/product.md#71-graphql-endpoint-and-headers, the errors handled as docs/product.md#81-operation-errors says.
 */
export function createLink(options: LinkOptions = {}): ApolloLink {
  const uri = options.uri ?? config.graphqlUrl;
  // Every request tells the connection notice whether the club answered, uploads through XHR too.
  const baseFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const fetchImpl = trackReachability(baseFetch);
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
            onSessionLost((refreshError as { errors?: unknown }).errors);
            observer.error(error);
          },
        );
      });
    }
    warnOperationError(error);
  });

  // The same headers as the light fetch of the pages opened cold (lib/graphql/request.ts).
  const authLink = new SetContextLink((prevContext) => {
    const token = useSessionStore.getState().token;
    return {
      headers: sessionHeaders(prevContext.headers as Record<string, string> | undefined, token),
      usedToken: token,
    };
  });

  // Sends JSON like HttpLink, and multipart when the variables hold files (invoice uploads); a request whose
  // context carries fetchOptions.onUploadProgress goes through XHR so the screen can show its progress.
  const httpLink = new UploadHttpLink({
    uri,
    fetch: trackReachability(createProgressFetch(baseFetch)),
    headers: { ...BASE_HEADERS, accept: JSON_ACCEPT },
    useGETForQueries: config.graphqlGetForQueries,
  });

  return ApolloLink.from([errorLink, authLink, httpLink]);
}
