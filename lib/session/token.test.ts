import { checkToken, secondsUntilExpiry } from './token';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2lnbmF0dXJl`;

describe('checkToken', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('accepts a decodable token that has not expired', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(checkToken(jwt({ exp: now / 1000 + 60 }), now)).toBe('valid');
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns 'Expired Token' when exp is in the past", () => {
    const now = Date.UTC(2026, 10, 22);
    expect(checkToken(jwt({ exp: now / 1000 - 1 }), now)).toBe('expired');
    expect(warn).toHaveBeenCalledWith('Expired Token');
  });

  it("warns 'Token error' for a token that cannot be decoded", () => {
    expect(checkToken('garbage')).toBe('invalid');
    expect(warn).toHaveBeenCalledWith('Token error');
  });

  it("warns 'Token not found' when there is none", () => {
    expect(checkToken(null)).toBe('missing');
    expect(warn).toHaveBeenCalledWith('Token not found');
  });

  it('tells the seconds left until exp', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(secondsUntilExpiry(jwt({ exp: now / 1000 + 900 }), now)).toBe(900);
    expect(secondsUntilExpiry('garbage', now)).toBeUndefined();
  });
});
