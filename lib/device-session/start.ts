import { afterFirstInteraction } from '../browser/after-first-interaction';
import { whenIdle } from '../browser/when-idle';
import { onDeviceSessionCreated } from './session-id';

/**
 * The only device-session code in the first load: it waits for the person's first action on the page (a tap, a key,
 * typing, a scroll), then for an idle moment, and imports the handshake and the collectors (FingerprintJS,
 * detectincognitojs, the crypto) as a separate chunk. Everything the device session protects (a login, a sign-up, an
 * invoice, a project) starts with such an action, and the collectors are about a second of a slow phone's CPU, in
 * tasks of up to a fifth of a second: a page that is only opened (restored tabs, link previews) never pays it, and
 * the page's load and first answer to the person never compete with it. A session id made later (after a logout,
 * say) gets its own handshake without a reload.
 */

const run = () => {
  import('./handshake')
    .then(({ runDeviceSession }) => runDeviceSession())
    .catch((error: unknown) => console.warn('Sessão de segurança indisponível', error));
};

/** Starts the device session after the person's first action; returns the cleanup for the provider's effect. */
export function startDeviceSession(): () => void {
  const cancels = new Set<{ cancel: () => void }>();
  const schedule = () => {
    // A token, not the cancel function itself: both waits may end before they return (a person who has already
    // interacted, an idle callback run at once).
    const token = { cancel: () => {} };
    cancels.add(token);
    let cancelIdle: (() => void) | null = null;
    const cancelWait = afterFirstInteraction(() => {
      cancelIdle = whenIdle(() => {
        cancels.delete(token);
        run();
      });
    });
    token.cancel = () => {
      cancelWait();
      cancelIdle?.();
    };
  };
  schedule();
  const off = onDeviceSessionCreated(schedule);
  return () => {
    off();
    for (const { cancel } of cancels) cancel();
    cancels.clear();
  };
}
