import { logout } from '../session/logout';
import { useSessionStore } from '../session/store';
import { SESSION_ID_HEADER, SESSION_ID_PATTERN } from '@/common/device-session/envelope';
import {
  DEVICE_SESSION_HEADER,
  endDeviceSession,
  getDeviceSessionId,
  onDeviceSessionCreated,
  onDeviceSessionEnded,
  peekDeviceSessionId,
  writeDeviceValue,
} from './session-id';

describe('device session id', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    endDeviceSession();
  });

  it('is 16 random bytes in hex, created on first use and kept in session storage as CD_MGL_SESSION_ID', () => {
    expect(peekDeviceSessionId()).toBeNull();
    const id = getDeviceSessionId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionStorage.getItem('CD_MGL_SESSION_ID')).toBe(id);
    expect(localStorage.length).toBe(0);
    expect(getDeviceSessionId()).toBe(id);
    endDeviceSession();
    expect(getDeviceSessionId()).not.toBe(id);
  });

  it('uses the envelope module header and id format', () => {
    expect(DEVICE_SESSION_HEADER).toBe(SESSION_ID_HEADER);
    expect(getDeviceSessionId()).toMatch(SESSION_ID_PATTERN);
  });

  it('replaces a malformed stored id', () => {
    sessionStorage.setItem('CD_MGL_SESSION_ID', 'not-an-id');
    expect(peekDeviceSessionId()).toBeNull();
    expect(getDeviceSessionId()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('tells listeners when an id is made and when the session ends', () => {
    const created = jest.fn();
    const ended = jest.fn();
    const offCreated = onDeviceSessionCreated(created);
    const offEnded = onDeviceSessionEnded(ended);
    const id = getDeviceSessionId();
    getDeviceSessionId();
    endDeviceSession();
    offCreated();
    offEnded();
    expect(created.mock.calls).toEqual([[id]]);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ending the session clears the id, the shared-secret material, the IV and the index', () => {
    getDeviceSessionId();
    writeDeviceValue('remoteKey', 'BASE64KEY');
    writeDeviceValue('iv', 'BASE64IV');
    writeDeviceValue('localIndex', '2');
    sessionStorage.setItem('unrelated', 'kept');
    endDeviceSession();
    expect(Object.keys(sessionStorage)).toEqual(['unrelated']);
  });

  it('clearing the member session (a refused refresh, User disabled) ends the device session', () => {
    getDeviceSessionId();
    useSessionStore.getState().clearSession();
    expect(sessionStorage.getItem('CD_MGL_SESSION_ID')).toBeNull();
  });

  it('logout ends the device session, the logout itself still naming the session it ends', async () => {
    useSessionStore.setState({ token: 't', refreshToken: 'r', initialized: true });
    const id = getDeviceSessionId();
    const mutate = jest.fn().mockResolvedValue({});
    const client = { mutate, clearStore: jest.fn().mockResolvedValue([]) };
    const navigate = jest.fn();
    await logout({ client: client as never, navigate, chat: { endSession: async () => {} } });
    expect(sessionStorage.getItem('CD_MGL_SESSION_ID')).toBeNull();
    expect(mutate).toHaveBeenCalledWith(expect.objectContaining({ context: { headers: { 'x-mgl-session-id': id } } }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
