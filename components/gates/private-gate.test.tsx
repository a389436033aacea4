import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '@/lib/session/store';
import { PrivateGate } from './private-gate';

const replace = jest.fn();
jest.mock('next/navigation', () => ({
  usePathname: () => '/historico',
  useRouter: () => ({ replace, push: jest.fn() }),
}));

/** An API that answers every operation with one GraphQL error. */
function clientAnswering(message: string, code: string) {
  const operations: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        operations.push(operation.operationName ?? '');
        observer.next({ data: { me: null }, errors: [{ message, extensions: { code } }] } as never);
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ cache: new InMemoryCache(), link }), operations };
}

describe('PrivateGate', () => {
  beforeEach(() => {
    useSessionStore.setState({ hydrated: true, token: 'a.b.c', refreshToken: 'r.s.t', initialized: true });
  });

  it("logs a member out to /login when me answers 'User disabled'", async () => {
    const { client, operations } = clientAnswering('User disabled', 'FORBIDDEN');
    render(
      <ApolloProvider client={client}>
        <PrivateGate>
          <p>página</p>
        </PrivateGate>
      </ApolloProvider>,
    );
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login'));
    expect(useSessionStore.getState()).toMatchObject({ token: null, refreshToken: null, initialized: false });
    expect(operations).toContain('MLogout');
    expect(screen.queryByText('página')).not.toBeInTheDocument();
  });

  it('shows the login screen at the same address for any other failure, without logging out', async () => {
    const { client } = clientAnswering('Sessão expirada. Entre novamente.', 'UNAUTHENTICATED');
    render(
      <ApolloProvider client={client}>
        <PrivateGate>
          <p>página</p>
        </PrivateGate>
      </ApolloProvider>,
    );
    expect(await screen.findByLabelText('CPF, e-mail ou celular')).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalledWith('/login');
  });
});
