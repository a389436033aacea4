import '../esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, loginAs, type TestApp } from '../helpers';
import { httpCases, type HttpContext } from './cases-http';
import { runCases } from './harness';

/**
 * The adversarial suite, part two: requests the app never sends (broken JSON, wrong content types and methods,
 * mutations over GET, forged tokens, garbage on the file and security routes). No 500, no engine message, nothing
 * stored; the GraphQL route answers in pt-BR with a stable code.
 */

let t: TestApp;
let dataDir: string;
let ctx: HttpContext | undefined;
const context = (): HttpContext => {
  if (!ctx) throw new Error('the app is not ready');
  return ctx;
};

const CASES = httpCases(context);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-adversario-http-'));
  t = await createTestApp({ dataDir, loginAttemptsPerIp: 1_000_000, requestsPerMinute: 1_000_000 });
  const member = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
  ctx = { app: t.app, member };
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('adversarial requests', () => {
  it.each(['malformed JSON', 'content type', 'GET with mutations', 'method', 'token', 'other routes'])(
    '%s: no 500, no engine message, nothing stored',
    async (category) => {
      const cases = CASES.filter((c) => c.category === category);
      expect(cases.length).toBeGreaterThan(0);
      expect(await runCases(t.db, cases, dataDir)).toEqual([]);
    },
  );
});
