import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { reportReachable } from '@/lib/network/reachability';
import { readSnapshotPart, saveSnapshotPart } from '@/lib/session/member-snapshot';
import { useSessionStore } from '@/lib/session/store';
import { PrivateGate } from './private-gate';

const replace = jest.fn();
let mockPathname = '/historico';
jest.mock('next/navigation', () => ({
  usePathname: () => mockPathname,
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

/** An API out of reach until `signal.online` turns true, then answering `me`; the operations it was asked. */
function apiWithoutSignal(me: () => object) {
  const signal = { online: false, operations: [] as string[] };
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        signal.operations.push(operation.operationName ?? '');
        if (!signal.online) {
          observer.error(new TypeError('Failed to fetch'));
          return;
        }
        observer.next({ data: { me: me() } } as never);
        observer.complete();
      }),
  );
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  return { signal, client: new ApolloClient({ cache: new InMemoryCache(), link }) };
}

const completeMember = {
  __typename: 'User',
  id: '1',
  name: 'Ana',
  surName: 'Souza',
  profileImage: null,
  phoneNumber: '11987654321',
  phoneNumberPrefix: '+55',
  email: 'marceneiro@exemplo.com.br',
  cpf: '52998224725',
  birthDate: '1988-03-14',
  gender: 'feminino',
  career: { __typename: 'Career', id: '1', name: 'Marceneiro', woodWorkRelated: true },
  woodWorkRelated: true,
  acceptEmailComunications: true,
  acceptMessageComunications: true,
  chatbotInvoiceUploadEnabled: false,
  cep: '01310100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: null,
  district: 'Bela Vista',
  state: { __typename: 'State', id: '25', uf: 'SP' },
  city: { __typename: 'City', id: '1', name: 'São Paulo' },
  subsidiarySlug: null,
  store: null,
  accountType: 'member',
  pointsBalance: 0,
  profileStatus: {
    __typename: 'ProfileStatus',
    id: '1',
    hasBasicProfile: true,
    hasPhoneNumber: true,
    hasConfirmedEmail: true,
    hasPointsPartnerIntegration: false,
    hasAccountType: true,
    showModalConsent: false,
    messageModalConsent: null,
    changePasswordRequired: false,
  },
};

describe('PrivateGate', () => {
  beforeEach(() => {
    mockPathname = '/historico';
    useSessionStore.setState({ hydrated: true, token: 'a.b.c', refreshToken: 'r.s.t', initialized: true });
  });

  const answering = (me: object) =>
    new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink(
        () =>
          new Observable((observer) => {
            observer.next({ data: { me } } as never);
            observer.complete();
          }),
      ),
    });

  it('shows the main menu to a member whose profile is complete', async () => {
    render(
      <ApolloProvider client={answering(completeMember)}>
        <PrivateGate>
          <p>página</p>
        </PrivateGate>
      </ApolloProvider>,
    );
    expect(await screen.findByText('página')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
  });

  it('keeps "Mais" open when the page arrives after the member opened it over the placeholders', async () => {
    let answer: () => void = () => {};
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink(
        () =>
          new Observable((observer) => {
            answer = () => {
              observer.next({ data: { me: completeMember } } as never);
              observer.complete();
            };
          }),
      ),
    });
    render(
      <ApolloProvider client={client}>
        <PrivateGate>
          <p>página</p>
        </PrivateGate>
      </ApolloProvider>,
    );
    const more = await screen.findByRole('button', { name: 'Mais' });
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    act(() => answer());
    expect(await screen.findByText('página')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mais' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('hides the menu while the profile gate holds the member on a completion step, and keeps Sair', async () => {
    mockPathname = '/completar-cadastro/dados';
    const incomplete = {
      ...completeMember,
      profileStatus: { ...completeMember.profileStatus, hasBasicProfile: false },
    };
    render(
      <ApolloProvider client={answering(incomplete)}>
        <PrivateGate>
          <p>página</p>
        </PrivateGate>
      </ApolloProvider>,
    );
    expect(await screen.findByText('página')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
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

  it('keeps the member logged in when the API cannot be reached, and loads the page on "Tentar de novo"', async () => {
    const { signal, client } = apiWithoutSignal(() => completeMember);
    render(
      <ApolloProvider client={client}>
        <PrivateGate>
          <p>página</p>
        </PrivateGate>
      </ApolloProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Sem conexão com o clube' })).toBeInTheDocument();
    expect(screen.queryByLabelText('CPF, e-mail ou celular')).not.toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ token: 'a.b.c', refreshToken: 'r.s.t' });

    signal.online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('página')).toBeInTheDocument();
  });

  describe('a returning member', () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const tokenOf = (sub: string) => `${b64({ alg: 'HS256' })}.${b64({ sub, exp: 4_000_000_000 })}.c2ln`;

    beforeEach(() => {
      localStorage.clear();
      useSessionStore.setState({ hydrated: true, token: tokenOf('1'), refreshToken: tokenOf('1'), initialized: true });
    });

    it('sees the page at once from the last me kept on the device, then the network answer replaces it', async () => {
      saveSnapshotPart('1', 'me', { ...completeMember, pointsBalance: 120 });
      let answer: (() => void) | undefined;
      const operations: string[] = [];
      const link = new ApolloLink(
        (operation) =>
          new Observable((observer) => {
            operations.push(operation.operationName ?? '');
            answer = () => {
              observer.next({ data: { me: { ...completeMember, pointsBalance: 150 } } } as never);
              observer.complete();
            };
          }),
      );
      render(
        <ApolloProvider client={new ApolloClient({ cache: new InMemoryCache(), link })}>
          <PrivateGate>
            <p>página</p>
          </PrivateGate>
        </ApolloProvider>,
      );
      expect(screen.getByText('página')).toBeInTheDocument();
      // me still goes to the network (docs/product.md#72-the-member-query); the device copy only filled the first
      // paint.
      await waitFor(() => expect(operations).toEqual(['QMe']));
      answer?.();
      await waitFor(() => expect(readSnapshotPart<{ pointsBalance: number }>('1', 'me')?.pointsBalance).toBe(150));
    });

    it('keeps the copy on screen without signal and asks for me again when the club answers', async () => {
      saveSnapshotPart('1', 'me', { ...completeMember, pointsBalance: 120 });
      const { signal, client } = apiWithoutSignal(() => ({ ...completeMember, pointsBalance: 150 }));
      render(
        <ApolloProvider client={client}>
          <PrivateGate>
            <p>página</p>
          </PrivateGate>
        </ApolloProvider>,
      );
      await waitFor(() => expect(signal.operations).toEqual(['QMe']));
      // The app's link reports every failed request; this test's link stands for it.
      act(() => reportReachable(false));
      expect(screen.getByText('página')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Sem conexão com o clube' })).not.toBeInTheDocument();

      signal.online = true;
      act(() => reportReachable(true));
      await waitFor(() => expect(readSnapshotPart<{ pointsBalance: number }>('1', 'me')?.pointsBalance).toBe(150));
      expect(screen.getByText('página')).toBeInTheDocument();
    });

    it('loses the copy when the API refuses the session, and another member never sees it', async () => {
      saveSnapshotPart('1', 'me', completeMember);
      const { client } = clientAnswering('Sessão expirada. Entre novamente.', 'UNAUTHENTICATED');
      render(
        <ApolloProvider client={client}>
          <PrivateGate>
            <p>página</p>
          </PrivateGate>
        </ApolloProvider>,
      );
      expect(await screen.findByLabelText('CPF, e-mail ou celular')).toBeInTheDocument();
      expect(readSnapshotPart('1', 'me')).toBeNull();
      expect(Object.keys(localStorage).filter((key) => key.startsWith('CD_MEMBER_SNAPSHOT'))).toEqual([]);
    });

    it('waits for the network when the copy belongs to someone else', () => {
      saveSnapshotPart('2', 'me', completeMember);
      const link = new ApolloLink(() => new Observable(() => undefined));
      render(
        <ApolloProvider client={new ApolloClient({ cache: new InMemoryCache(), link })}>
          <PrivateGate>
            <p>página</p>
          </PrivateGate>
        </ApolloProvider>,
      );
      expect(screen.queryByText('página')).not.toBeInTheDocument();
      // The frame and grey placeholders stand in for the page meanwhile, not a lone spinner.
      expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Carregando');
      expect(document.querySelector('.page-skeleton__balance')).toBeInTheDocument();
    });
  });
});
