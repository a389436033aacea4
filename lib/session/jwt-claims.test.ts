import { decodeJwt } from 'jose';
import { jwtClaims } from './jwt-claims';

const b64 = (value: string) => Buffer.from(value).toString('base64url');
const jwt = (claims: string) => `${b64('{"alg":"HS256"}')}.${b64(claims)}.c2ln`;

describe('jwtClaims', () => {
  it('reads the claims as jose does, accents and all', () => {
    const token = jwt(JSON.stringify({ sub: '42', exp: 4_000_000_000, name: 'João Ñandú ✓' }));
    expect(jwtClaims(token)).toEqual(decodeJwt(token));
  });

  it.each([
    ['garbage', 'garbage'],
    ['two parts', `${b64('{}')}.${b64('{}')}`],
    ['a payload that is not base64url', `${b64('{}')}.a*b.c2ln`],
    ['a payload that is not JSON', jwt('not json')],
    ['a payload that is not an object', jwt('[1,2]')],
  ])('throws for %s, as jose does', (_name, token) => {
    expect(() => jwtClaims(token)).toThrow();
    expect(() => decodeJwt(token)).toThrow();
  });
});
