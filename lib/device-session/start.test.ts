import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resetInteractionForTests } from '../browser/after-first-interaction';
import { runDeviceSession } from './handshake';
import { endDeviceSession, getDeviceSessionId } from './session-id';
import { startDeviceSession } from './start';

jest.mock('./handshake', () => ({ runDeviceSession: jest.fn().mockResolvedValue({}) }));

const run = runDeviceSession as jest.Mock;
const flush = async () => {
  // The lazy import and its then() settle over a few microtask turns.
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('startDeviceSession', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    sessionStorage.clear();
    endDeviceSession();
    resetInteractionForTests();
    run.mockClear();
  });

  const tap = () => window.dispatchEvent(new Event('pointerdown'));
  afterEach(() => jest.useRealTimers());

  it('does nothing on a page only opened, however long it stays open', async () => {
    const stop = startDeviceSession();
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(run).not.toHaveBeenCalled();
    // The app moving focus is not the person acting.
    window.dispatchEvent(new FocusEvent('focusin'));
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(run).not.toHaveBeenCalled();
    stop();
  });

  it.each(['pointerdown', 'touchstart', 'keydown', 'input', 'wheel'])(
    'starts after the first %s, once the page is idle',
    async (type) => {
      const stop = startDeviceSession();
      window.dispatchEvent(new Event(type));
      window.dispatchEvent(new Event(type));
      await flush();
      expect(run).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1500);
      await flush();
      expect(run).toHaveBeenCalledTimes(1);
      stop();
    },
  );

  it('counts a field typed into before the scripts arrived as the first action, and a value the page set as none', async () => {
    document.body.innerHTML = '<input type="checkbox" checked><input type="hidden" value="x"><input id="cpf">';
    const idle = startDeviceSession();
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(run).not.toHaveBeenCalled();
    idle();

    document.querySelector<HTMLInputElement>('#cpf')!.value = '123';
    const stop = startDeviceSession();
    jest.advanceTimersByTime(1500);
    await flush();
    expect(run).toHaveBeenCalledTimes(1);
    stop();
    document.body.innerHTML = '';
  });

  it('waits for the page to be idle (a timer where idle callbacks are missing) before loading the handshake', async () => {
    const stop = startDeviceSession();
    tap();
    await flush();
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1500);
    await flush();
    expect(run).toHaveBeenCalledTimes(1);
    stop();
  });

  it('uses requestIdleCallback when the browser has it', async () => {
    const idle = jest.fn((callback: () => void) => {
      callback();
      return 1;
    });
    Object.assign(window, { requestIdleCallback: idle, cancelIdleCallback: jest.fn() });
    try {
      const stop = startDeviceSession();
      tap();
      await flush();
      expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 5000 });
      expect(run).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      Reflect.deleteProperty(window, 'requestIdleCallback');
      Reflect.deleteProperty(window, 'cancelIdleCallback');
    }
  });

  it('runs again for a session id made after a logout, and nothing after the cleanup', async () => {
    const stop = startDeviceSession();
    tap();
    jest.advanceTimersByTime(1500);
    await flush();
    endDeviceSession();
    getDeviceSessionId();
    jest.advanceTimersByTime(1500);
    await flush();
    expect(run).toHaveBeenCalledTimes(2);
    stop();
    endDeviceSession();
    getDeviceSessionId();
    jest.advanceTimersByTime(1500);
    await flush();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('a cleanup before the first action removes the wait', async () => {
    const stop = startDeviceSession();
    stop();
    tap();
    jest.advanceTimersByTime(1500);
    await flush();
    expect(run).not.toHaveBeenCalled();
  });

  it('the app providers reference only this loader, never the handshake or the collectors', () => {
    const root = process.cwd();
    const providers = ['app-providers.tsx', 'apollo-provider.tsx'].map((file) =>
      readFileSync(path.join(root, 'components/providers', file), 'utf8'),
    );
    const loader = readFileSync(path.join(root, 'lib/device-session/start.ts'), 'utf8');
    for (const source of [...providers, loader]) {
      expect(source).not.toMatch(/from ['"][^'"]*(handshake|collectors|envelope|fingerprintjs|detectincognitojs)['"]/);
    }
    expect(loader).toContain("import('./handshake')");
  });
});
