import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor } from '@testing-library/react';
import { MMarkNotificationsRead, QNotifications } from '@/lib/notifications/operations';
import { NOTIFICATIONS_PAGE_SIZE, NotificationsScreen } from './notifications-screen';

const notification = (id: string, fields: Record<string, unknown>) => ({
  __typename: 'Notification',
  id,
  kind: 'INVOICES',
  title: 'Nota aprovada',
  body: 'Sua NF-e nº 12 foi aprovada: +150 pontos.',
  url: '/minhas-nfs',
  createdAt: '2026-11-26T13:00:00.000Z',
  readAt: null,
  ...fields,
});

const page = (data: object[]) => ({
  request: { query: QNotifications, variables: { first: NOTIFICATIONS_PAGE_SIZE } },
  result: {
    data: {
      notifications: { __typename: 'NotificationPage', data, hasMore: false, nextCursor: null, unreadCount: 1 },
    },
  },
});

describe('Avisos', () => {
  it('lists the notices newest first, marks the unread ones, and marks read on the club only those it showed', async () => {
    const marked = jest.fn(() => ({ data: { markNotificationsRead: 0 } }));
    render(
      <MockedProvider
        mocks={[
          page([
            notification('2', {
              title: 'Projeto recusado',
              body: 'Seu projeto “Cozinha” foi recusado.',
              url: '/projetos/7',
            }),
            notification('1', { readAt: '2026-11-25T10:00:00.000Z', url: 'https://golpe.example/' }),
          ]),
          { request: { query: MMarkNotificationsRead, variables: { ids: ['2'] } }, result: marked },
        ]}
      >
        <NotificationsScreen />
      </MockedProvider>,
    );
    const unread = await screen.findByRole('link', { name: /Projeto recusado/ });
    expect(unread).toHaveTextContent('Novo');
    expect(unread).toHaveAttribute('href', '/projetos/7');
    const read = screen.getByRole('link', { name: /Nota aprovada/ });
    expect(read).not.toHaveTextContent('Novo');
    // A URL that is not a path of the app opens the inbox itself.
    expect(read).toHaveAttribute('href', '/avisos');
    await waitFor(() => expect(marked).toHaveBeenCalledTimes(1));
  });

  it('says in Portuguese that there is nothing yet', async () => {
    render(
      <MockedProvider mocks={[page([])]}>
        <NotificationsScreen />
      </MockedProvider>,
    );
    expect(await screen.findByText('Nenhum aviso por enquanto.')).toBeInTheDocument();
  });
});
