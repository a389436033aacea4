export const SERVICE_WORKER_URL = '/service-worker.js';

export interface PwaEnvironment {
  serviceWorker?: Pick<ServiceWorkerContainer, 'register'>;
  notification?: Pick<typeof Notification, 'permission' | 'requestPermission'>;
  log?: Pick<Console, 'info' | 'error'>;
}

/**
 * On page load (docs/product.md#12-service-worker-and-notifications): register the service worker, then ask for
 * notification permission.
 * Success or failure is only logged; nothing else depends on it.
 */
export async function registerServiceWorker(env: PwaEnvironment): Promise<void> {
  const log = env.log ?? console;
  try {
    if (!env.serviceWorker) throw new Error('service worker não suportado');
    const registration = await env.serviceWorker.register(SERVICE_WORKER_URL);
    log.info('Service worker registrado:', registration.scope);
  } catch (error) {
    log.error('Falha ao registrar o service worker:', error);
  }
  try {
    if (env.notification && env.notification.permission === 'default') {
      log.info('Permissão de notificações:', await env.notification.requestPermission());
    }
  } catch (error) {
    log.error('Falha ao pedir permissão de notificações:', error);
  }
}
