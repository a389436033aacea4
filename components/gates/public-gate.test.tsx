import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '@/lib/session/store';
import { PublicGate } from './public-gate';

const replace = jest.fn();
jest.mock('next/navigation', () => ({
  usePathname: () => '/login',
  useRouter: () => ({ replace, push: jest.fn() }),
}));
// The gate's lazily loaded part brings its own Apollo provider; the test's client stands in for it.
jest.mock('../providers/apollo-provider', () => ({
  ApolloProvider: ({ children }: { children: React.ReactNode }) => children,
}));

/** An API whose `me` stays unanswered until `answer` is called with the member. */
function pendingMe() {
  let answer: ((me: unknown) => void) | null = null;
  const link = new ApolloLink(
    () =>
      new Observable((observer) => {
        answer = (me) => {
          observer.next({ data: { me } } as never);
          observer.complete();
        };
      }),
  );
  return {
    client: new ApolloClient({ cache: new InMemoryCache(), link }),
    asked: () => answer !== null,
    answer: (me: unknown) => answer?.(me),
  };
}

const page = (client: ApolloClient) =>
  render(
    <ApolloProvider client={client}>
      <PublicGate>
        <h1>Entrar no clube</h1>
      </PublicGate>
    </ApolloProvider>,
  );

describe('PublicGate', () => {
  it('shows the page before the stored session is read, as the static HTML does', () => {
    useSessionStore.setState({ hydrated: false, token: null, refreshToken: null, initialized: false });
    page(pendingMe().client);
    expect(screen.getByRole('heading', { name: 'Entrar no clube' })).toBeInTheDocument();
  });

  it('keeps the page for a visitor without a session, without asking the API', () => {
    useSessionStore.setState({ hydrated: true, token: null, refreshToken: null, initialized: false });
    const api = pendingMe();
    page(api.client);
    expect(screen.getByRole('heading', { name: 'Entrar no clube' })).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
    expect(api.asked()).toBe(false);
  });

  it("swaps the page for home's frame (tab bar and placeholders) while a stored session loads, then sends the member home", async () => {
    useSessionStore.setState({ hydrated: true, token: 'a.b.c', refreshToken: 'r.s.t', initialized: true });
    const api = pendingMe();
    page(api.client);
    expect(screen.queryByRole('heading', { name: 'Entrar no clube' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando');

    await waitFor(() => expect(api.asked()).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Entrar no clube' })).not.toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando');
    api.answer({ __typename: 'User', id: '1', name: 'Ana' });
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    expect(screen.queryByRole('heading', { name: 'Entrar no clube' })).not.toBeInTheDocument();
  });
});
