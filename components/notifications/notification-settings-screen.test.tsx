import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
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
});
