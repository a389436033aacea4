import { getStoredValue, registerPersistedVariable, removeStoredValue, setStoredValue } from './storage';

describe('CD_ storage helpers', () => {
  beforeEach(() => localStorage.clear());

  it('stores each value under its own CD_-prefixed key', () => {
    setStoredValue('TOKEN', 'abc');
    setStoredValue('INITIALIZED', true);
    expect(Object.keys(localStorage).sort()).toEqual(['CD_INITIALIZED', 'CD_TOKEN']);
    expect(getStoredValue('TOKEN')).toBe('abc');
    expect(getStoredValue('INITIALIZED')).toBe(true);
  });

  it('drops a value once its expiry in seconds has passed', () => {
    const now = 1_000_000;
    setStoredValue('TOKEN', 'abc', 60, now);
    expect(getStoredValue('TOKEN', now + 59_000)).toBe('abc');
    expect(getStoredValue('TOKEN', now + 60_000)).toBeNull();
    expect(localStorage.getItem('CD_TOKEN')).toBeNull();
  });

  it('discards values that cannot be decoded', () => {
    localStorage.setItem('CD_TOKEN', '{not json');
    expect(getStoredValue('TOKEN')).toBeNull();
    expect(localStorage.getItem('CD_TOKEN')).toBeNull();
    localStorage.setItem('CD_TOKEN', JSON.stringify({ expiresAt: 'tomorrow', value: 'x' }));
    expect(getStoredValue('TOKEN')).toBeNull();
  });

  it('removes a value', () => {
    setStoredValue('TOKEN', 'abc');
    removeStoredValue('TOKEN');
    expect(getStoredValue('TOKEN')).toBeNull();
  });

  it('registers a persisted variable once only, with its default', () => {
    const flag = registerPersistedVariable('TEST_FLAG', false);
    expect(flag.read()).toBe(false);
    flag.write(true);
    expect(flag.read()).toBe(true);
    expect(() => registerPersistedVariable('TEST_FLAG', true)).toThrow(/already registered/);
  });
});
