import { registerServiceWorker } from './register-service-worker';

const log = () => ({ info: jest.fn(), error: jest.fn() });

describe('registerServiceWorker', () => {
  it('registers /service-worker.js and then asks for notification permission', async () => {
    const order: string[] = [];
    const register = jest.fn(async (url: string | URL) => {
      order.push(`register ${String(url)}`);
      return { scope: '/' } as ServiceWorkerRegistration;
    });
    const requestPermission = jest.fn(async () => {
      order.push('permission');
      return 'granted' as NotificationPermission;
    });
    const l = log();
    await registerServiceWorker({
      serviceWorker: { register },
      notification: { permission: 'default', requestPermission },
      log: l,
    });
    expect(order).toEqual(['register /service-worker.js', 'permission']);
    expect(l.error).not.toHaveBeenCalled();
  });

  it('only logs a registration failure and still asks for permission', async () => {
    const l = log();
    const requestPermission = jest.fn(async () => 'denied' as NotificationPermission);
    await registerServiceWorker({
      serviceWorker: { register: jest.fn().mockRejectedValue(new Error('boom')) },
      notification: { permission: 'default', requestPermission },
      log: l,
    });
    expect(l.error).toHaveBeenCalledWith('Falha ao registrar o service worker:', expect.any(Error));
    expect(requestPermission).toHaveBeenCalled();
  });
});
