import '../esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER } from '../../seed';
import { createMember } from '../../modules/users/repository';
import { createTestApp, loginAs, type TestApp } from '../helpers';
import { uploadCases, type UploadsContext } from './cases-uploads';
import { runCases } from './harness';

/**
 * The adversarial suite, part three: files and multipart requests. XXE and entity bombs as an NF-e, SVG with a
 * script as a photo, path-traversal names, oversize files, a `map` pointing at the wrong variables. No 500, no
 * engine message, a pt-BR message, nothing stored: no row and no file, temporary ones included.
 */

const NOW = Date.parse('2026-11-22T15:00:00.000Z');
const OTHERS = [
  { name: 'Bia', surName: 'Lima', cpf: '11144477735', email: 'bia@exemplo.com.br' },
  { name: 'Caio', surName: 'Reis', cpf: '39053344705', email: 'caio@exemplo.com.br' },
  { name: 'Duda', surName: 'Melo', cpf: '15350946056', email: 'duda@exemplo.com.br' },
];
const PASSWORD = 'Plaina#forte2026';

let t: TestApp;
let dataDir: string;
let ctx: UploadsContext | undefined;
const context = (): UploadsContext => {
  if (!ctx) throw new Error('the app is not ready');
  return ctx;
};

const CASES = uploadCases(context);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-adversario-envios-'));
  t = await createTestApp({ dataDir, now: () => NOW, loginAttemptsPerIp: 1_000_000, requestsPerMinute: 1_000_000 });
  const members = [{ authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` }];
  for (const other of OTHERS) {
    await createMember(t.db, { ...other, password: PASSWORD });
    members.push({ authorization: `Bearer ${(await loginAs(t.app, other.email, PASSWORD)).token}` });
  }
  ctx = { app: t.app, db: t.db, members, buyerCpf: DEMO_MEMBER.cpf };
}, 60_000);

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('adversarial uploads', () => {
  it.each([
    'NF-e XML',
    'invoice file',
    'path traversal',
    'profile photo',
    'project photo',
    'multipart map',
    'multipart body',
  ])(
    '%s: no 500, no engine message, a pt-BR message and nothing stored',
    async (category) => {
      const cases = CASES.filter((c) => c.category === category);
      expect(cases.length).toBeGreaterThan(0);
      expect(await runCases(t.db, cases, dataDir)).toEqual([]);
    },
    60_000,
  );
});
