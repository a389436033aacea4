import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MSetNotificationPreference, QNotificationPreferences } from '@/lib/notifications/operations';
import { NotificationSettingsScreen } from './notification-settings-screen';

const preference = (kind: string, enabled: boolean) => ({ __typename: 'NotificationPreference', kind, enabled });
const ALL_ON = ['INVOICES', 'PROJECTS', 'POINTS_EXPIRING', 'REWARDS'].map((kind) => preference(kind, true));

// Push is off on this club: the device's section says so, and the switches are still the member's to choose.
const preferences = {
  request: { query: QNotificationPreferences },
  result: { data: { notificationPreferences: [...ALL_ON, preference('NEWS', false)], pushPublicKey: null } },
};

function renderScreen(...mutations: MockedResponse[]) {
  return render(
    <MockedProvider mocks={[preferences, ...mutations]}>
      <NotificationSettingsScreen />
    </MockedProvider>,
  );
}

// A club that sends push, and a member who chose everything but "Projetos", "Novidades" included (SMS and WhatsApp).
const CHOSEN = [
  preference('INVOICES', true),
  preference('PROJECTS', false),
  preference('POINTS_EXPIRING', true),
  preference('REWARDS', true),
  preference('NEWS', true),
];
const PUSH_ONLY = [/^Notas fiscais/, /^Projetos/, /^Pontos a vencer/, /^Prêmios/];
const BLOCKED = 'As notificações estão bloqueadas neste navegador.';

function renderWithPush() {
  return render(
    <MockedProvider
      mocks={[
        {
          request: { query: QNotificationPreferences },
          result: { data: { notificationPreferences: CHOSEN, pushPublicKey: 'BChaveVapidDoClube' } },
        },
      ]}
    >
      <NotificationSettingsScreen />
    </MockedProvider>,
  );
}

/** jsdom has no web push: this browser gets one, its notifications `permission` for the club, and no subscription. */
function browserWithPush(permission: NotificationPermission): { permission: NotificationPermission } {
  const notification = { permission, requestPermission: async () => notification.permission };
  const registration = { pushManager: { getSubscription: async () => null } };
  Object.defineProperty(window, 'Notification', { configurable: true, value: notification });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  return notification;
}

afterEach(() => {
  const w = window as unknown as Record<string, unknown>;
  delete w.Notification;
  delete w.PushManager;
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

describe('the notifications page', () => {
  it('saves a switch the moment it is flipped and says so', async () => {
    renderScreen({
      request: { query: MSetNotificationPreference, variables: { kind: 'NEWS', enabled: true } },
      result: { data: { setNotificationPreference: [...ALL_ON, preference('NEWS', true)] } },
    });
    const news = await screen.findByRole('switch', { name: /^Novidades do clube/ });
    expect(news).not.toBeChecked();
    expect(screen.getByText(/O clube não está enviando notificações para o celular agora/)).toBeInTheDocument();

    fireEvent.click(news);
    expect(await screen.findByText('Novidades do clube: notificações ligadas.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Novidades do clube/ })).toBeChecked();
  });

  it('keeps a switch as it was, and says why, when the save fails', async () => {
    renderScreen({
      request: { query: MSetNotificationPreference, variables: { kind: 'PROJECTS', enabled: false } },
      error: new TypeError('Failed to fetch'),
    });
    const projects = await screen.findByRole('switch', { name: /^Projetos/ });
    fireEvent.click(projects);
    expect(
      await screen.findByText('Não foi possível salvar “Projetos”. Verifique a conexão e tente de novo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Projetos/ })).toBeChecked();
  });

  it('shows the push switches off, with the reason, where this browser blocks notifications', async () => {
    browserWithPush('denied');
    renderWithPush();
    expect(await screen.findByText(BLOCKED, { exact: false })).toBeVisible();
    for (const name of PUSH_ONLY) {
      const push = screen.getByRole('switch', { name });
      expect(push).not.toBeChecked();
      expect(push).toBeDisabled();
      expect(push).toHaveAccessibleDescription(expect.stringContaining(BLOCKED));
    }
    // SMS and WhatsApp have nothing to do with this browser: "Novidades" stays as the member chose, and theirs to flip.
    const news = screen.getByRole('switch', { name: /^Novidades do clube/ });
    expect(news).toBeChecked();
    expect(news).toBeEnabled();
    expect(news).not.toHaveAccessibleDescription();
    expect(screen.getByText(/bloqueadas para o clube neste navegador\. Para receber:/)).toBeInTheDocument();
  });

  it('shows what the member chose where this browser allows notifications', async () => {
    browserWithPush('granted');
    renderWithPush();
    expect(await screen.findByRole('button', { name: 'Ativar neste aparelho' })).toBeVisible();
    expect(screen.getByRole('switch', { name: /^Notas fiscais/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Projetos/ })).not.toBeChecked();
    for (const name of [...PUSH_ONLY, /^Novidades do clube/]) {
      expect(screen.getByRole('switch', { name })).toBeEnabled();
      expect(screen.getByRole('switch', { name })).not.toHaveAccessibleDescription();
    }
    expect(screen.queryByText(BLOCKED, { exact: false })).not.toBeInTheDocument();
  });

  it('shows the stored choices again once the member allows notifications in the site settings and comes back', async () => {
    const notification = browserWithPush('denied');
    renderWithPush();
    expect(await screen.findByRole('switch', { name: /^Notas fiscais/ })).not.toBeChecked();

    notification.permission = 'granted';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByRole('switch', { name: /^Notas fiscais/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Notas fiscais/ })).toBeEnabled();
    expect(screen.getByRole('switch', { name: /^Projetos/ })).not.toBeChecked();
    expect(screen.queryByText(BLOCKED, { exact: false })).not.toBeInTheDocument();
    // "Neste aparelho" reads the device again: no more steps to unblock, the button to turn push on.
    expect(await screen.findByRole('button', { name: 'Ativar neste aparelho' })).toBeVisible();
  });

  it('says so where the browser has no web push at all', async () => {
    browserWithPush('default');
    delete (window as unknown as Record<string, unknown>).PushManager;
    renderWithPush();
    expect(await screen.findByText('Este navegador não recebe notificações.')).toBeVisible();
    const invoices = screen.getByRole('switch', { name: /^Notas fiscais/ });
    expect(invoices).not.toBeChecked();
    expect(invoices).toBeDisabled();
    expect(invoices).toHaveAccessibleDescription(expect.stringContaining('Este navegador não recebe notificações.'));
    expect(screen.getByRole('switch', { name: /^Novidades do clube/ })).toBeChecked();
  });
});
