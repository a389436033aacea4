import { whenIdle } from '../browser/when-idle';
import { onDeviceSessionCreated } from './session-id';

/**
 * The only device-session code in the first load: it waits until the page is idle, then imports the handshake and
 * the collectors (FingerprintJS, detectincognitojs, the crypto) as a separate chunk. A session id made later (after
 * a logout, say) gets its own handshake without a reload.
 */

const run = () => {
  import('./handshake')
    .then(({ runDeviceSession }) => runDeviceSession())
    .catch((error: unknown) => console.warn('Sessão de segurança indisponível', error));
};

/** Starts the device session after the page is interactive; returns the cleanup for the provider's effect. */
export function startDeviceSession(): () => void {
  const cancels = new Set<{ cancel: () => void }>();
  const schedule = () => {
    // A token, not the cancel function itself: an idle callback may run before whenIdle returns.
    const token = { cancel: () => {} };
    cancels.add(token);
    token.cancel = whenIdle(() => {
      cancels.delete(token);
      run();
    });
  };
  schedule();
  const off = onDeviceSessionCreated(schedule);
  return () => {
    off();
    for (const { cancel } of cancels) cancel();
    cancels.clear();
  };
}
