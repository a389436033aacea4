import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { apiHref } from '../files/api-href';
import { PAINEL_API_PATHS } from './api-paths';
import { staffToken } from './session';

/**
 * The painel's own small Apollo client: /painel/graphql with the staff token, nothing of the member's links (no
 * refresh, device session or uploads). When the API says a sent token opens nothing any more, `onSessionEnded`
 * takes the person back to the sign-in.
 */
export function createPainelClient(onSessionEnded: () => void): ApolloClient {
  const auth = new SetContextLink((prevContext) => {
    const token = staffToken();
    return {
      headers: {
        ...(prevContext.headers as Record<string, string> | undefined),
        accept: 'application/json',
        // The CSRF header every API route asks of a browser (docs/graphql-contract.md).
        'apollo-require-preflight': 'true',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      sentToken: token,
    };
  });
  const errors = new ErrorLink(({ error, operation }) => {
    const ended =
      CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.['code'] === 'UNAUTHENTICATED');
    if (ended && operation.getContext()['sentToken']) onSessionEnded();
  });
  const http = new HttpLink({ uri: () => apiHref(PAINEL_API_PATHS.graphql) });
  return new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.from([errors, auth, http]) });
}
