import '../esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_MEMBER } from '../../seed';
import { terminalActor } from '../../modules/staff';
import { createKioskCode } from '../../modules/kiosk/service';
import { createTestApp, gql, loginAs, type TestApp } from '../helpers';
import { multipart } from '../multipart';
import { inputCases, NEW_PERSON, type InputsContext } from './cases-inputs';
import { altchaCases, type AltchaContext } from './cases-altcha';
import { runCases } from './harness';

/** Codes as the club's team makes them at the terminal. */
const TEAM = terminalActor('teste');

/**
 * The adversarial suite, part one: bad values in every field a member types, through GraphQL. Each answer: no 500,
 * no engine message, a pt-BR message with a stable code, nothing stored. One app for all of them; the cases run one
 * after the other.
 */

const NOW = Date.parse('2026-11-22T15:00:00.000Z');

let t: TestApp;
let dataDir: string;
let ctx: InputsContext | undefined;
const context = (): InputsContext => {
  if (!ctx) throw new Error('the app is not ready');
  return ctx;
};

const INPUT_CASES = inputCases(context);

const CATEGORIES = [
  'sign-up',
  'kiosk',
  'login',
  'recovery',
  'profile',
  'cnpj',
  'access key',
  'survey',
  'project',
  'links',
  'pages',
];

const byCategory = (category: string) => INPUT_CASES.filter((c) => c.category === category);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-adversario-'));
  // Limits high enough that every case reaches the field it is about, not the rate limit.
  t = await createTestApp({ dataDir, now: () => NOW, loginAttemptsPerIp: 1_000_000, requestsPerMinute: 1_000_000 });
  const member = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };

  // A sign-up left at step one, for the step-two cases (another person than the one the cases sign up).
  const started = await gql<{ createUser: { signupId: string } }>(
    t.app,
    'mutation ($input: CreateUserInput!) { createUser(input: $input) { signupId } }',
    {
      input: { ...NEW_PERSON, cpf: '111.444.777-35', email: 'outra@exemplo.com.br', phoneNumber: '(31) 99876-1234' },
    },
  );
  const signupId = started.data?.createUser.signupId;
  if (!signupId) throw new Error(`sign-up failed: ${JSON.stringify(started.errors)}`);

  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8b5a2b' } })
    .jpeg()
    .toBuffer();
  const body = multipart(
    'mutation ($file: Upload!, $key: String!) { uploadProjectPhoto(file: $file, idempotencyKey: $key) { id } }',
    { file: null, key: 'foto-de-base-0001' },
    ['variables.file'],
    [{ name: 'foto.jpg', content: photo }],
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { ...member, 'content-type': body.contentType, 'apollo-require-preflight': 'true' },
    payload: body.payload,
  });
  const photoId = uploaded.json<{ data?: { uploadProjectPhoto?: { id: string } } }>().data?.uploadProjectPhoto?.id;
  if (!photoId) throw new Error(`photo upload failed: ${uploaded.body}`);

  const { code } = await createKioskCode(t, TEAM, 'loja-centro');
  const kiosk = await gql<{ activateKiosk: { key: string } }>(
    t.app,
    'mutation ($code: String!) { activateKiosk(code: $code) { key } }',
    { code },
  );
  const kioskKey = kiosk.data?.activateKiosk.key;
  if (!kioskKey) throw new Error(`kiosk set-up failed: ${JSON.stringify(kiosk.errors)}`);

  ctx = { app: t.app, member, signupId, photoId, kiosk: { 'x-kiosk-key': kioskKey } };
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('adversarial inputs a member types', () => {
  it('has a case for every field, several hundred in all', () => {
    expect(INPUT_CASES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(INPUT_CASES.map((c) => `${c.category} ${c.name}`)).size).toBe(INPUT_CASES.length);
  });

  it.each(CATEGORIES)('%s: no 500, no engine message, a pt-BR message and nothing stored', async (category) => {
    const cases = byCategory(category);
    expect(cases.length).toBeGreaterThan(0);
    expect(await runCases(t.db, cases, dataDir)).toEqual([]);
  });

  it('runs every case under one of the categories above', () => {
    expect(INPUT_CASES.filter((c) => !CATEGORIES.includes(c.category))).toEqual([]);
  });
});

describe('adversarial human checks (ALTCHA on)', () => {
  let human: TestApp;
  let humanCtx: AltchaContext | undefined;
  const cases = altchaCases(() => {
    if (!humanCtx) throw new Error('the app is not ready');
    return humanCtx;
  });

  beforeAll(async () => {
    human = await createTestApp({
      humanVerification: true,
      now: () => NOW,
      loginAttemptsPerIp: 1_000_000,
      requestsPerMinute: 1_000_000,
    });
    humanCtx = { app: human.app };
  });
  afterAll(() => human.close());

  // Over forty cases in one test, each solving or forging a proof of work: seconds on an idle core, more than the
  // API tests' 30 s when the machine is busy. A hang still fails.
  it('refuses every forged, broken or replayed solution in pt-BR, and a solved one still meets the field checks', async () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(await runCases(human.db, cases)).toEqual([]);
  }, 120_000);
});
