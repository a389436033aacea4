import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QMySessions } from '@/lib/profile/operations';
import { useSessionStore } from '@/lib/session/store';
import { ConnectedDevices } from './connected-devices';

const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ replace, push: jest.fn(), prefetch: jest.fn() }) }));

const NOW = Date.parse('2026-11-26T13:00:00Z');
const minutesAgo = (n: number) => new Date(NOW - n * 60_000).toISOString();
const session = (id: string, fields: Record<string, unknown>) => ({
  __typename: 'DeviceSession',
  id,
  device: 'Chrome 131 · Android · Samsung',
  region: null,
  createdAt: '2026-10-02T12:00:00.000Z',
  current: false,
  ...fields,
});

const sessions = {
  request: { query: QMySessions },
  result: {
    data: {
      mySessions: [
        session('a', { region: 'Goiás', lastUsedAt: minutesAgo(5), createdAt: '2026-11-20T12:00:00.000Z' }),
        session('b', { lastUsedAt: minutesAgo(20), current: true }),
        session('c', { lastUsedAt: minutesAgo(24 * 60) }),
      ],
    },
  },
};

function renderDevices() {
  return render(
    <MockedProvider mocks={[sessions]}>
      <ConnectedDevices />
    </MockedProvider>,
  );
}

describe('ConnectedDevices', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW, doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('lists this device first, and tells look-alike phones apart by place, last use and since when', async () => {
    renderDevices();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Chrome 131 · Android · SamsungEste aparelhoEm uso agoraConectado em 02/10/2026Sair deste aparelho',
      'Chrome 131 · Android · SamsungGoiásÚltimo uso há 5 minutosConectado em 20/11/2026Desconectar',
      'Chrome 131 · Android · SamsungÚltimo uso ontemConectado em 02/10/2026Desconectar',
    ]);
  });

  it('asks before logging out of this device, and "Continuar conectado" keeps the member in', async () => {
    useSessionStore.setState({ token: 't', refreshToken: 'r', initialized: true, hydrated: true });
    renderDevices();
    fireEvent.click(await screen.findByRole('button', { name: 'Sair deste aparelho' }));
    const dialog = screen.getByRole('dialog', { name: 'Sair deste aparelho?' });
    expect(dialog).toHaveTextContent('você vai precisar entrar de novo com sua senha');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar conectado' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useSessionStore.getState().token).toBe('t');
    expect(replace).not.toHaveBeenCalled();
  });
});
