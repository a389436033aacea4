import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { endDeviceSession } from '../device-session/session-id';
import { clearMemberSnapshot } from './member-snapshot';
import { registerPersistedVariable, type PersistedVariable } from './storage';
import { checkToken, secondsUntilExpiry } from './token';

/**
 * The persisted part of the session: exactly the keys CD_TOKEN, CD_REFRESH_TOKEN and CD_INITIALIZED of
 * docs/product.md#34-browser-storage.
 */
export interface PersistedSession {
  token: string | null;
  refreshToken: string | null;
  initialized: boolean;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

export interface SessionState extends PersistedSession {
  /** True once the persisted values have been read in the browser; gates wait for it. */
  hydrated: boolean;
  setTokens: (tokens: SessionTokens) => void;
  clearSession: () => void;
}

const TOKEN = registerPersistedVariable<string | null>('TOKEN', null);
const REFRESH_TOKEN = registerPersistedVariable<string | null>('REFRESH_TOKEN', null);
const INITIALIZED = registerPersistedVariable<boolean>('INITIALIZED', false);

/** A stored token that cannot be decoded or has expired is dropped on read (docs/product.md#51-tokens). */
function readToken(variable: PersistedVariable<string | null>): string | null {
  const value = variable.read();
  if (value === null) return null;
  if (typeof value !== 'string' || checkToken(value) !== 'valid') {
    variable.clear();
    return null;
  }
  return value;
}

function writeToken(variable: PersistedVariable<string | null>, value: string | null): void {
  if (value === null) variable.clear();
  else variable.write(value, secondsUntilExpiry(value));
}

/** Maps zustand's single persisted blob onto one CD_ key per value. */
const sessionStorage: PersistStorage<PersistedSession> = {
  getItem: (): StorageValue<PersistedSession> => ({
    state: {
      token: readToken(TOKEN),
      refreshToken: readToken(REFRESH_TOKEN),
      initialized: INITIALIZED.read() === true,
    },
    version: 0,
  }),
  setItem: (_name, { state }) => {
    writeToken(TOKEN, state.token);
    writeToken(REFRESH_TOKEN, state.refreshToken);
    INITIALIZED.write(state.initialized);
  },
  removeItem: () => {
    TOKEN.clear();
    REFRESH_TOKEN.clear();
    INITIALIZED.clear();
  },
};

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      refreshToken: null,
      initialized: false,
      hydrated: false,
      setTokens: ({ accessToken, refreshToken }) => set({ token: accessToken, refreshToken, initialized: true }),
      clearSession: () => {
        // What the member saw last goes with the session (logout, 'User disabled', a refused refresh), and so does
        // the device session (docs/session-security.md#ending-a-session): the next request starts a new one.
        clearMemberSnapshot();
        endDeviceSession();
        set({ token: null, refreshToken: null, initialized: false });
      },
    }),
    {
      name: 'session',
      storage: sessionStorage,
      // Hydration waits for the browser (the static export renders without storage), see hydrateSession.
      skipHydration: true,
      partialize: ({ token, refreshToken, initialized }) => ({ token, refreshToken, initialized }),
      onRehydrateStorage: () => () => useSessionStore.setState({ hydrated: true }),
    },
  ),
);

/** Reads the persisted session once, in the browser. */
export async function hydrateSession(): Promise<void> {
  if (useSessionStore.getState().hydrated) return;
  await useSessionStore.persist.rehydrate();
}

export const hasStoredSession = (state: Pick<SessionState, 'token' | 'refreshToken'>): boolean =>
  Boolean(state.token ?? state.refreshToken);
