import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { ApolloProvider, useLazyQuery } from '@apollo/client/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createLink } from '@/lib/apollo/links';
import { setTabApolloClient } from '@/lib/apollo/tab-client';
import { config as realConfig } from '@/lib/config';
import { isUnderMaintenance, leaveMaintenance } from '@/lib/network/maintenance';
import { useSessionStore } from '@/lib/session/store';
import { AppProviders } from './app-providers';
import { MaintenanceGate } from './maintenance-gate';

/** The build's settings, with the maintenance flag each test chooses. */
const mockBuild = { maintenanceMode: false };
jest.mock('@/lib/config', () => {
  const actual = jest.requireActual<typeof import('@/lib/config')>('@/lib/config');
  return {
    ...actual,
    get config() {
      return { ...actual.config, maintenanceMode: mockBuild.maintenanceMode };
    },
  };
});
jest.mock('next/navigation', () => ({ usePathname: () => '/minhas-nfs' }));
jest.mock('@/lib/pwa/register-service-worker', () => ({ registerServiceWorker: async () => undefined }));
/** What a member page's layout brings under the app's providers: an Apollo client (here one that fetches nothing). */
function MemberPage({ children }: { children: React.ReactNode }) {
  const [client] = useState(() => new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() }));
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}

/** What fetch resolves to in jsdom, which has no Response: enough for Apollo's HTTP link and the maintenance check. */
function answer(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  const make = (): Response =>
    ({
      status,
      ok: status >= 200 && status < 300,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
      clone: make,
    }) as unknown as Response;
  return make();
}

const MAINTENANCE = {
  errors: [{ message: 'Estamos em manutenção.', extensions: { code: 'MAINTENANCE', retryAfterSeconds: 300 } }],
};

const NOTES = gql`
  query QNotas {
    notas
  }
`;

/** A page with a field the member is typing in and a list it loads from the club. */
function NotesPage() {
  const [load, { data }] = useLazyQuery<{ notas: number }>(NOTES, { fetchPolicy: 'network-only' });
  return (
    <main>
      <h1>Minhas notas</h1>
      <label>
        Chave de acesso
        <input type="text" />
      </label>
      <button type="button" onClick={() => void load().catch(() => undefined)}>
        Atualizar
      </button>
      {data ? <p>{data.notas} notas</p> : null}
    </main>
  );
}

beforeAll(() => {
  window.scrollTo = jest.fn();
});

afterEach(() => {
  mockBuild.maintenanceMode = false;
  leaveMaintenance();
});

describe('maintenance mode, built in (NEXT_PUBLIC_MAINTENANCE_MODE=true)', () => {
  it('shows "Estamos em manutenção" with the WhatsApp contact instead of the page, from the providers every route has', async () => {
    mockBuild.maintenanceMode = true;
    const { unmount } = render(
      <AppProviders>
        <MemberPage>
          <NotesPage />
        </MemberPage>
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Estamos em manutenção' })).toBeInTheDocument();
    const whatsapp = screen.getByRole('link', { name: '+55 (11) 99999-0000' });
    expect(whatsapp).toHaveAttribute('href', `https://wa.me/${realConfig.whatsappNumber}`);
    expect(screen.queryByText('Minhas notas')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // Nothing to ask the club: the build itself is the maintenance.
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).not.toBeInTheDocument();
    unmount();
  });

  it('shows the page when the flag is off', () => {
    render(
      <AppProviders>
        <MemberPage>
          <NotesPage />
        </MemberPage>
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Minhas notas' })).toBeInTheDocument();
    expect(screen.queryByText('Estamos em manutenção')).not.toBeInTheDocument();
  });
});

describe('maintenance mode at run time (the API answers 503 MAINTENANCE)', () => {
  const tokens = { token: 'a.b.c', refreshToken: 'r.s.t', initialized: true, hydrated: true };
  let apiDown = true;
  let probes = 0;

  beforeEach(() => {
    apiDown = true;
    probes = 0;
    useSessionStore.setState(tokens);
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    // The gate's own check of whether the club is back (a GET of the GraphQL address).
    window.fetch = jest.fn(async () => {
      probes += 1;
      return apiDown ? answer(503, MAINTENANCE) : answer(400, { errors: [{ message: 'Unknown query' }] });
    }) as typeof fetch;
  });

  function renderApp() {
    const operations = jest.fn(async () => (apiDown ? answer(503, MAINTENANCE) : answer(200, { data: { notas: 3 } })));
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: createLink({ uri: 'http://api.test/graphql', fetch: operations as unknown as typeof fetch }),
    });
    setTabApolloClient(client);
    render(
      <ApolloProvider client={client}>
        <MaintenanceGate>
          <NotesPage />
        </MaintenanceGate>
      </ApolloProvider>,
    );
    return { operations };
  }

  it('covers the page with the maintenance screen and keeps the tokens and what was typed', async () => {
    renderApp();
    fireEvent.change(screen.getByRole('textbox', { name: 'Chave de acesso' }), { target: { value: '3525 0111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));

    const title = await screen.findByRole('heading', { level: 1, name: 'Estamos em manutenção' });
    expect(title).toHaveFocus();
    expect(isUnderMaintenance()).toBe(true);
    expect(screen.getByRole('link', { name: '+55 (11) 99999-0000' })).toBeInTheDocument();
    // The page is out of sight and out of the accessibility tree, but still there.
    expect(screen.queryByRole('heading', { name: 'Minhas notas' })).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('3525 0111')).not.toBeVisible();
    expect(useSessionStore.getState()).toMatchObject({ token: 'a.b.c', refreshToken: 'r.s.t', initialized: true });
  });

  it('"Tentar de novo" says when the club is still down, and brings the page back, loaded, once it answers', async () => {
    const { operations } = renderApp();
    fireEvent.change(screen.getByRole('textbox', { name: 'Chave de acesso' }), { target: { value: '3525 0111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByRole('heading', { name: 'Estamos em manutenção' });

    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('O clube ainda está em manutenção. Tentamos de novo sozinhos.')).toBeInTheDocument();
    expect(probes).toBe(1);

    apiDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(screen.queryByText('Estamos em manutenção')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Chave de acesso' })).toHaveValue('3525 0111');
    // The query that met the maintenance runs again by itself.
    expect(await screen.findByText('3 notas')).toBeInTheDocument();
    expect(operations).toHaveBeenCalledTimes(2);
    expect(useSessionStore.getState()).toMatchObject({ token: 'a.b.c', refreshToken: 'r.s.t' });
  });
});
