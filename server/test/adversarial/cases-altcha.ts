import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { ALTCHA_CHALLENGE_PATH } from '../../modules/auth/human-verification';
import { HUNDRED_KB, send, type AdversarialCase, type Answer } from './harness';
import { NEW_PERSON } from './cases-inputs';

/**
 * The human check (ALTCHA) of sign-up, login and recovery, with forged, broken and replayed solutions; and a solved
 * check in front of a bad field, whose own pt-BR message must then come back.
 */

export interface AltchaContext {
  app: FastifyInstance;
}

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');

/** What the widget does in the browser: fetch a challenge, solve it, send the base64 JSON payload. */
export async function solvedPayload(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: ALTCHA_CHALLENGE_PATH });
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return b64({ challenge, solution });
}

const OPERATIONS: readonly (readonly [string, string, Record<string, unknown>])[] = [
  [
    'userLogin',
    'mutation ($altcha: String) { userLogin(login: "52998224725", password: "Serragem#2026", altcha: $altcha) { token } }',
    {},
  ],
  [
    'createUser',
    'mutation ($input: CreateUserInput!, $altcha: String) { createUser(input: $input, altcha: $altcha) { signupId } }',
    { input: NEW_PERSON },
  ],
  [
    'passwordResetChannels',
    'query ($altcha: String) { passwordResetChannels(login: "52998224725", altcha: $altcha) { channel } }',
    {},
  ],
  [
    'resumeSignUp',
    'mutation ($altcha: String) { resumeSignUp(cpf: "111.444.777-35", altcha: $altcha) { signupId } }',
    {},
  ],
];

const request = (app: FastifyInstance, query: string, variables: Record<string, unknown>): Promise<Answer> =>
  send(app, {
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ query, variables }),
  });

export function altchaCases(get: () => AltchaContext): AdversarialCase[] {
  const payloads: readonly (readonly [string, unknown | ((app: FastifyInstance) => Promise<unknown>)])[] = [
    ['no solution', null],
    ['not base64', '%%%não é base64%%%'],
    ['base64 of text', b64('eu não sou um robô')],
    ['base64 of a JSON list', b64([1, 2, 3])],
    ['fields of the wrong types', b64({ challenge: 1, solution: 'x' })],
    ['a forged solution', b64({ challenge: {}, solution: { counter: 1, derivedKey: '00' } })],
    ['SQL in the payload', b64({ challenge: { salt: "' OR '1'='1" }, solution: { counter: '1; DROP TABLE users' } })],
    ['100 kB', HUNDRED_KB],
    ['a null byte', 'abc\u0000'],
    ['a number', 12345],
    [
      'a solution replayed',
      async (app: FastifyInstance) => {
        const payload = await solvedPayload(app);
        // Spent once on a harmless request, then replayed.
        await request(
          app,
          'query ($altcha: String) { passwordResetChannels(login: "x@y.z", altcha: $altcha) { channel } }',
          {
            altcha: payload,
          },
        );
        return payload;
      },
    ],
  ];
  const cases: AdversarialCase[] = [];
  for (const [operation, query, variables] of OPERATIONS) {
    for (const [label, payload] of payloads) {
      cases.push({
        category: 'human check',
        name: `${operation}: ${label}`,
        typeable: true,
        send: async () => {
          const { app } = get();
          const altcha = typeof payload === 'function' ? await payload(app) : payload;
          return request(app, query, { ...variables, altcha });
        },
      });
    }
  }
  // A solved check does not let a bad field through: the field's own message comes back.
  const solvedInFront: readonly (readonly [string, string, Record<string, unknown>])[] = [
    ['createUser with an invalid CPF', OPERATIONS[1]![1], { input: { ...NEW_PERSON, cpf: "' OR '1'='1" } }],
    ['createUser with a 100 kB name', OPERATIONS[1]![1], { input: { ...NEW_PERSON, name: HUNDRED_KB } }],
    [
      'userLogin with SQL as the login',
      'mutation ($altcha: String) { userLogin(login: "\' OR 1=1 --", password: "x", altcha: $altcha) { token } }',
      {},
    ],
    [
      'resumeSignUp with a CPF nobody started',
      'mutation ($altcha: String) { resumeSignUp(cpf: "390.533.447-05", altcha: $altcha) { signupId } }',
      {},
    ],
  ];
  for (const [label, query, variables] of solvedInFront) {
    cases.push({
      category: 'human check',
      name: `solved, then ${label}`,
      typeable: true,
      send: async () => {
        const { app } = get();
        return request(app, query, { ...variables, altcha: await solvedPayload(app) });
      },
    });
  }
  return cases;
}
