import '../../test/esm-shims';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { solveChallenge } from 'altcha-lib';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, gql, type TestApp } from '../../test/helpers';
import { ALTCHA_CHALLENGE_PATH, HUMAN_CHECK_MESSAGE } from './human-verification';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ humanVerification: true });
});
afterEach(() => t.close());

const LOGIN = `mutation ($login: String!, $password: String!, $altcha: String) {
  userLogin(login: $login, password: $password, altcha: $altcha) { token }
}`;

/** What the widget does in the browser: fetch a challenge, solve it, send the base64 JSON payload. */
async function solvedPayload(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: ALTCHA_CHALLENGE_PATH });
  expect(res.headers['cache-control']).toBe('no-store');
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('human verification (ALTCHA)', () => {
  it('refuses a login without a solution, or with a made-up one', async () => {
    const none = await gql(t.app, LOGIN, { login: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
    expect(none.errors?.[0]?.message).toBe(HUMAN_CHECK_MESSAGE);
    const fake = Buffer.from(JSON.stringify({ challenge: {}, solution: { counter: 1, derivedKey: '00' } })).toString(
      'base64',
    );
    const forged = await gql(t.app, LOGIN, { login: DEMO_MEMBER.email, password: DEMO_MEMBER.password, altcha: fake });
    expect(forged.errors?.[0]?.message).toBe(HUMAN_CHECK_MESSAGE);
  });

  it('accepts a solved challenge once', async () => {
    const altcha = await solvedPayload();
    const ok = await gql(t.app, LOGIN, { login: DEMO_MEMBER.email, password: DEMO_MEMBER.password, altcha });
    expect(ok.errors).toBeUndefined();
    const replay = await gql(t.app, LOGIN, { login: DEMO_MEMBER.email, password: DEMO_MEMBER.password, altcha });
    expect(replay.errors?.[0]?.message).toBe(HUMAN_CHECK_MESSAGE);
  });
});
