import { PUSH_RECEIVED } from '../lib/pwa/push-message';
import { openFromNotification, readPush, showPush, type NotificationClickLike, type PushScope } from './push';

const ORIGIN = 'https://clube.example';

function scopeWith(tabs: { url: string; focused?: boolean; navigate?: jest.Mock }[] = []) {
  const clients = tabs.map((tab) => ({
    url: tab.url,
    focused: tab.focused ?? false,
    focus: jest.fn(async () => undefined),
    navigate: tab.navigate ?? jest.fn(async () => undefined),
    postMessage: jest.fn(),
  }));
  const scope = {
    location: { origin: ORIGIN },
    registration: { showNotification: jest.fn(async () => undefined) },
    clients: { matchAll: jest.fn(async () => clients), openWindow: jest.fn(async () => undefined) },
    addEventListener: jest.fn(),
  } satisfies PushScope;
  return { scope, clients };
}

const pushOf = (payload: unknown) => ({
  data: { json: () => payload, text: () => JSON.stringify(payload) },
  waitUntil: jest.fn(),
});

const clickOn = (url: unknown): NotificationClickLike => ({
  notification: { data: { url }, close: jest.fn() },
  waitUntil: jest.fn(),
});

describe('the service worker push handler', () => {
  it('shows the API payload and tells the open tabs a push arrived', async () => {
    const { scope, clients } = scopeWith([{ url: `${ORIGIN}/` }]);
    await showPush(
      scope,
      pushOf({ title: 'Nota aprovada', body: 'Sua NF-e nº 12 foi aprovada: +150 pontos.', url: '/minhas-nfs' }),
    );
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Nota aprovada', {
      body: 'Sua NF-e nº 12 foi aprovada: +150 pontos.',
      data: { url: '/minhas-nfs' },
      icon: '/icon.svg',
      badge: '/icon.svg',
      tag: '/minhas-nfs',
    });
    expect(clients[0]!.postMessage).toHaveBeenCalledWith({ type: PUSH_RECEIVED });
  });

  it('opens only paths of the app: another site, or a payload that is not JSON, opens the inbox', () => {
    expect(readPush(pushOf({ title: 'x', body: 'y', url: 'https://golpe.example/' }).data).url).toBe('/avisos');
    expect(readPush(pushOf({ title: 'x', url: '//golpe.example/x' }).data).url).toBe('/avisos');
    const notJson = { json: () => JSON.parse('texto'), text: () => 'texto' };
    expect(readPush(notJson)).toEqual({ title: 'Clube do Marceneiro', body: 'texto', url: '/avisos' });
  });

  it('a tap brings an open tab to the screen, or opens the app there', async () => {
    const open = scopeWith([{ url: `${ORIGIN}/historico` }, { url: `${ORIGIN}/`, focused: true }]);
    await openFromNotification(open.scope, clickOn('/premios/transferir'));
    expect(open.clients[1]!.focus).toHaveBeenCalled();
    expect(open.clients[1]!.navigate).toHaveBeenCalledWith(`${ORIGIN}/premios/transferir`);
    expect(open.scope.clients.openWindow).not.toHaveBeenCalled();

    const closed = scopeWith([]);
    await openFromNotification(closed.scope, clickOn('/minhas-nfs'));
    expect(closed.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/minhas-nfs`);

    const uncontrolled = scopeWith([{ url: `${ORIGIN}/`, navigate: jest.fn().mockRejectedValue(new TypeError('x')) }]);
    await openFromNotification(uncontrolled.scope, clickOn('/minhas-nfs'));
    expect(uncontrolled.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/minhas-nfs`);
  });
});
