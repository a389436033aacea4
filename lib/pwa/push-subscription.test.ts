import { base64UrlToBytes, endPushSubscription, syncPushSubscription, type PushApi } from './push-subscription';

// A P-256 public key as the API gives it (base64url, 65 bytes), and another one the club may move to.
const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const NEW_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  unsubscribe: jest.Mock;
  toJSON: () => PushSubscriptionJSON;
}

/** A browser's pushManager without its push service: subscribing makes a subscription for the key given. */
function fakePushManager(existing: { key: string; endpoint: string } | null = null) {
  let count = 0;
  const make = (key: BufferSource, endpoint: string): FakeSubscription => {
    const bytes = key instanceof ArrayBuffer ? key : key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength);
    const subscription: FakeSubscription = {
      endpoint,
      options: { applicationServerKey: bytes as ArrayBuffer },
      unsubscribe: jest.fn(async () => {
        if (manager.current === subscription) manager.current = null;
        return true;
      }),
      toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-of-${endpoint}`, auth: `auth-of-${endpoint}` } }),
    };
    return subscription;
  };
  const manager: {
    current: FakeSubscription | null;
    getSubscription: jest.Mock<Promise<PushSubscription | null>, []>;
    subscribe: jest.Mock<Promise<PushSubscription>, [PushSubscriptionOptionsInit?]>;
  } = {
    current: existing ? make(base64UrlToBytes(existing.key), existing.endpoint) : null,
    getSubscription: jest.fn(async () => manager.current as unknown as PushSubscription | null),
    subscribe: jest.fn(async (options?: PushSubscriptionOptionsInit) => {
      count += 1;
      manager.current = make(options!.applicationServerKey as BufferSource, `https://push.example/sub-${count}`);
      return manager.current as unknown as PushSubscription;
    }),
  };
  return manager;
}

function fakeApi(key: string | null = KEY) {
  return {
    publicKey: jest.fn(async () => key),
    save: jest.fn<Promise<void>, Parameters<PushApi['save']>>(async () => undefined),
    remove: jest.fn<Promise<void>, [string]>(async () => undefined),
  };
}

describe('the device push subscription', () => {
  it('subscribes with the club key and saves the subscription for a logged-in member who allowed notifications', async () => {
    const pushManager = fakePushManager();
    const api = fakeApi();
    const result = await syncPushSubscription({ device: { permission: 'granted', pushManager }, api, loggedIn: true });

    expect(result).toBe('saved');
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = pushManager.subscribe.mock.calls[0]![0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(base64UrlToBytes(KEY)));
    expect(base64UrlToBytes(KEY)).toHaveLength(65);
    expect(api.save).toHaveBeenCalledWith({
      endpoint: 'https://push.example/sub-1',
      p256dh: 'p256dh-of-https://push.example/sub-1',
      auth: 'auth-of-https://push.example/sub-1',
    });
  });

  it('reuses the subscription made for the same key, saving it again to refresh it on the club', async () => {
    const pushManager = fakePushManager({ key: KEY, endpoint: 'https://push.example/kept' });
    const api = fakeApi();
    await syncPushSubscription({ device: { permission: 'granted', pushManager }, api, loggedIn: true });

    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.save).toHaveBeenCalledWith(expect.objectContaining({ endpoint: 'https://push.example/kept' }));
  });

  it('drops a subscription made for another key and subscribes again with the club key', async () => {
    const pushManager = fakePushManager({ key: KEY, endpoint: 'https://push.example/old' });
    const old = pushManager.current!;
    const api = fakeApi(NEW_KEY);
    await syncPushSubscription({ device: { permission: 'granted', pushManager }, api, loggedIn: true });

    expect(old.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(Array.from(pushManager.subscribe.mock.calls[0]![0]!.applicationServerKey as Uint8Array)).toEqual(
      Array.from(base64UrlToBytes(NEW_KEY)),
    );
    expect(api.save).toHaveBeenCalledWith(expect.objectContaining({ endpoint: 'https://push.example/sub-1' }));
  });

  it('subscribes nobody logged out, without permission, or when the club sends no push', async () => {
    const pushManager = fakePushManager();
    const api = fakeApi();
    expect(await syncPushSubscription({ device: { permission: 'granted', pushManager }, api, loggedIn: false })).toBe(
      'logged-out',
    );
    expect(await syncPushSubscription({ device: { permission: 'default', pushManager }, api, loggedIn: true })).toBe(
      'no-permission',
    );
    expect(await syncPushSubscription({ device: { permission: 'denied', pushManager }, api, loggedIn: true })).toBe(
      'no-permission',
    );
    const off = fakeApi(null);
    expect(
      await syncPushSubscription({ device: { permission: 'granted', pushManager }, api: off, loggedIn: true }),
    ).toBe('push-off');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.save).not.toHaveBeenCalled();
    expect(off.save).not.toHaveBeenCalled();
  });

  it('at logout removes the subscription on the club and unsubscribes the browser, even when the club is unreachable', async () => {
    const pushManager = fakePushManager({ key: KEY, endpoint: 'https://push.example/mine' });
    const subscription = pushManager.current!;
    const api = fakeApi();
    expect(await endPushSubscription({ pushManager, api })).toBe(true);
    expect(api.remove).toHaveBeenCalledWith('https://push.example/mine');
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(pushManager.current).toBeNull();

    const again = fakePushManager({ key: KEY, endpoint: 'https://push.example/offline' });
    const offlineSubscription = again.current!;
    const unreachable = fakeApi();
    unreachable.remove.mockRejectedValue(new TypeError('Failed to fetch'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await endPushSubscription({ pushManager: again, api: unreachable })).toBe(true);
    expect(offlineSubscription.unsubscribe).toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();

    expect(await endPushSubscription({ pushManager: fakePushManager(), api })).toBe(false);
  });
});
