import '../../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sealEnvelope } from '../../../common/device-session/envelope';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, LOGIN, REFRESH, type TestApp } from '../../test/helpers';
import { pendingInvoices } from '../invoices/repository';
import { projectsForReview } from '../projects/repository';
import { submitProject, uploadPhotos } from '../projects/test/project-helpers';
import { newKey, nfeXml, submit } from '../invoices/test/upload-helpers';
import { createMember } from '../users/repository';
import { reportedPage, handshakePage } from './test-page';

const START = Date.parse('2026-11-22T12:00:00.000Z');
let t: TestApp;
let dataDir: string;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-aparelhos-'));
  t = await createTestApp({ dataDir, now: fakeClock(START).now });
});
afterEach(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A valid CPF from nine digits. */
function cpf(base: string): string {
  const digit = (digits: string) => {
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return `${base}${first}${digit(`${base}${first}`)}`;
}

const PASSWORD = 'Senha#forte1';

async function member(n: number) {
  const doc = cpf(`52${n}98765${n}`.slice(0, 9));
  await createMember(t.db, {
    name: `Membro ${n}`,
    surName: 'Teste',
    cpf: doc,
    email: `m${n}@exemplo.com.br`,
    password: PASSWORD,
  });
  return doc;
}

async function loginWith(login: string, sessionId: string | null, password = PASSWORD) {
  const res = await gql<{ userLogin: { token: string; refresh_token: string } }>(
    t.app,
    LOGIN,
    { login, password },
    sessionId ? { 'x-mgl-session-id': sessionId } : {},
  );
  if (!res.data?.userLogin) throw new Error(JSON.stringify(res.errors));
  return res.data.userLogin;
}

const sendXml = (token: string, buyer: string, sessionId: string | null) =>
  submit(
    t.app,
    token,
    {},
    [{ name: 'nfe.xml', content: nfeXml(newKey(), buyer, '2026-11-10T10:00:00-03:00', '250.90') }],
    { 'apollo-require-preflight': 'true', ...(sessionId ? { 'x-mgl-session-id': sessionId } : {}) },
  );

describe('risk rules', () => {
  it('holds for review every invoice of a device shared by 5 members, the reason only in the terminal', async () => {
    const cpfs = await Promise.all([1, 2, 3, 4, 5].map(member));
    // One phone: the same visitor id in five browser sessions (one per account).
    const pages = [];
    for (const _ of cpfs) pages.push(await reportedPage(t.app, 'celular-da-fazenda'));
    const tokens = [];
    for (const [i, doc] of cpfs.entries()) tokens.push((await loginWith(doc, pages[i]!.sessionId)).token);

    for (const [i, doc] of cpfs.entries()) {
      const sent = await sendXml(tokens[i]!, doc, pages[i]!.sessionId);
      expect(sent.errors).toBeUndefined();
      // The member sees an invoice waiting, with no accusation anywhere.
      expect(sent.data?.submitInvoice).toMatchObject({ status: 'IN_REVIEW', flagReason: null, points: null });
      expect(JSON.stringify(sent.data)).not.toMatch(/aparelho|conta/);
    }
    const pending = await pendingInvoices(t.db);
    expect(pending.map((p) => p.risk_reason)).toEqual(Array(5).fill('mesmo aparelho de outras 4 contas'));

    // A member on a device of their own is still approved automatically.
    const own = await reportedPage(t.app, 'celular-da-ana');
    const ana = await loginWith(DEMO_MEMBER.cpf, own.sessionId, DEMO_MEMBER.password);
    expect((await sendXml(ana.token, DEMO_MEMBER.cpf, own.sessionId)).data?.submitInvoice.status).toBe('APPROVED');
  });

  it('marks a project sent from a device shared by 5 members for the review list, never for the member', async () => {
    const cpfs = await Promise.all([1, 2, 3, 4, 5].map(member));
    const pages = [];
    for (const _ of cpfs) pages.push(await reportedPage(t.app, 'celular-da-oficina'));
    const tokens = [];
    for (const [i, doc] of cpfs.entries()) tokens.push((await loginWith(doc, pages[i]!.sessionId)).token);

    const last = tokens.at(-1)!;
    const photos = await uploadPhotos(t.app, last, 1);
    const sent = await submitProject(t.app, last, photos, undefined, undefined, {
      'x-mgl-session-id': pages.at(-1)!.sessionId,
    });
    expect(sent.errors).toBeUndefined();
    expect(JSON.stringify(sent.data)).not.toMatch(/aparelho|conta/);
    const review = await projectsForReview(t.db);
    expect(review.map((p) => p.risk_reason)).toEqual(['mesmo aparelho de outras 4 contas']);
  });

  it('holds an invoice sent from an automated browser, unless the rule is off', async () => {
    const bot = await reportedPage(t.app, 'robo', {
      device: { userAgent: 'Mozilla/5.0 HeadlessChrome/131.0.0.0', webdriver: true, languages: ['pt-BR'] },
    });
    const ana = await loginWith(DEMO_MEMBER.cpf, bot.sessionId, DEMO_MEMBER.password);
    const sent = await sendXml(ana.token, DEMO_MEMBER.cpf, bot.sessionId);
    expect(sent.data?.submitInvoice).toMatchObject({ status: 'IN_REVIEW', flagReason: null });
    expect((await pendingInvoices(t.db)).map((p) => p.risk_reason)).toEqual(['navegador automatizado']);
    // Without the session header the request is not tied to the automated session: approved.
    expect((await sendXml(ana.token, DEMO_MEMBER.cpf, null)).data?.submitInvoice.status).toBe('APPROVED');
  });

  it('ignores automation when DEVICE_RISK_AUTOMATION is off, and a malformed session header', async () => {
    await t.close();
    t = await createTestApp({ dataDir, now: fakeClock(START).now, deviceRiskAutomation: false });
    const bot = await reportedPage(t.app, 'robo', {
      device: { userAgent: 'Mozilla/5.0 HeadlessChrome/131.0.0.0', webdriver: true },
    });
    const ana = await loginWith(DEMO_MEMBER.cpf, bot.sessionId, DEMO_MEMBER.password);
    expect((await sendXml(ana.token, DEMO_MEMBER.cpf, bot.sessionId)).data?.submitInvoice.status).toBe('APPROVED');
    expect((await sendXml(ana.token, DEMO_MEMBER.cpf, 'nao-e-um-id')).data?.submitInvoice.status).toBe('APPROVED');
  });
});

const SESSIONS = '{ mySessions { id device region lastUsedAt createdAt current } }';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
type SessionRow = { id: string; device: string; region: string | null; current: boolean };

describe('Aparelhos conectados', () => {
  it('lists the member sessions with this one marked, and ending one stops its tokens at once', async () => {
    const phone = await reportedPage(t.app, 'celular');
    const onPhone = await loginWith(DEMO_MEMBER.cpf, phone.sessionId, DEMO_MEMBER.password);
    const onLaptop = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);

    const list = await gql<{ mySessions: SessionRow[] }>(t.app, SESSIONS, {}, bearer(onLaptop.token));
    expect(list.errors).toBeUndefined();
    const sessions = list.data!.mySessions;
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.current)!;
    const other = sessions.find((s) => !s.current)!;
    expect(current.device).toBe('Aparelho desconhecido');
    expect(other).toMatchObject({ device: 'Chrome 131 · Android · Samsung', region: null });

    // The phone is ended from the laptop: its access token and its refresh token stop at once.
    const ended = await gql(
      t.app,
      'mutation($id: ID!) { endSession(id: $id) }',
      { id: other.id },
      bearer(onLaptop.token),
    );
    expect(ended.data).toEqual({ endSession: true });
    const me = await gql(t.app, '{ me { id } }', {}, bearer(onPhone.token));
    expect(me.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const refreshed = await gql(t.app, REFRESH, { refreshToken: onPhone.refresh_token });
    // The phone is told why, so the member there is not left wondering.
    expect(refreshed.errors?.[0]).toMatchObject({
      message: 'Você saiu deste aparelho pelo perfil em outro aparelho.',
      extensions: { code: 'UNAUTHENTICATED', reason: 'SESSION_ENDED_ELSEWHERE' },
    });
    // The laptop goes on.
    expect((await gql(t.app, '{ me { id } }', {}, bearer(onLaptop.token))).errors).toBeUndefined();
  });

  it('names the state a trusted proxy reports for the session IP, and ignores the header without a proxy', async () => {
    const sessionIn = async (app: TestApp['app'], uf: string) => {
      const page = await handshakePage(app, `aparelho-${uf}`);
      const sent = await app.inject({
        method: 'POST',
        url: '/seguranca/envelope',
        headers: { 'x-regiao': uf },
        payload: { SessionId: page.sessionId, Envelope: await sealEnvelope(page.keys, page.document(1)) },
      });
      expect(sent.statusCode).toBe(200);
      return page.sessionId;
    };
    const regions = async (app: TestApp['app']) => {
      for (const uf of ['pr', 'ZZ', 'São Paulo'])
        await loginWith(DEMO_MEMBER.cpf, await sessionIn(app, uf), DEMO_MEMBER.password);
      const me = await loginAs(app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
      const list = await gql<{ mySessions: SessionRow[] }>(app, SESSIONS, {}, bearer(me.token));
      return list.data!.mySessions.filter((s) => !s.current).map((s) => s.region);
    };
    // Without TRUST_PROXY anybody could send the header: it is not read.
    expect(await regions(t.app)).toEqual([null, null, null]);

    await t.close();
    t = await createTestApp({ dataDir, now: fakeClock(START).now, trustProxy: true, geoRegionHeader: 'x-regiao' });
    // "São Paulo" is not a UF and "ZZ" is no state: only "pr" names one.
    const named = await regions(t.app);
    expect(named).toHaveLength(3);
    expect(named.filter((r) => r !== null)).toEqual(['Paraná']);
  });

  it('ends only the member own sessions: another member id is the same NOT_FOUND as a missing one', async () => {
    const bia = await member(7);
    const biaPair = await loginWith(bia, null);
    const ana = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    const biaSession = (await gql<{ mySessions: SessionRow[] }>(t.app, SESSIONS, {}, bearer(biaPair.token))).data!
      .mySessions[0]!;
    const END = 'mutation($id: ID!) { endSession(id: $id) }';
    const foreign = await gql(t.app, END, { id: biaSession.id }, bearer(ana.token));
    const missing = await gql(t.app, END, { id: 'nao-existe' }, bearer(ana.token));
    expect(foreign.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    expect(missing.errors?.[0]?.message).toBe(foreign.errors?.[0]?.message);
    expect((await gql(t.app, '{ me { id } }', {}, bearer(biaPair.token))).errors).toBeUndefined();
    expect((await gql(t.app, SESSIONS, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('ends every other session and keeps this one', async () => {
    const first = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    const second = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    const here = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    const res = await gql(t.app, 'mutation { endOtherSessions }', {}, bearer(here.token));
    expect(res.data).toEqual({ endOtherSessions: 2 });
    for (const gone of [first, second]) {
      expect((await gql(t.app, REFRESH, { refreshToken: gone.refresh_token })).errors?.[0]?.extensions).toEqual({
        code: 'UNAUTHENTICATED',
        reason: 'SESSION_ENDED_ELSEWHERE',
      });
    }
    const left = await gql<{ mySessions: SessionRow[] }>(t.app, SESSIONS, {}, bearer(here.token));
    expect(left.data?.mySessions.map((s) => s.current)).toEqual([true]);
  });

  it('says nothing more than an expired session after a logout on the device itself', async () => {
    const loggedOut = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    await gql(t.app, 'mutation($r: String) { logout(refreshToken: $r) { success } }', {
      r: loggedOut.refresh_token,
    });
    const refused = await gql(t.app, REFRESH, { refreshToken: loggedOut.refresh_token });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Sessão expirada. Entre novamente.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(refused.errors?.[0]?.extensions).not.toHaveProperty('reason');
  });

  it('keeps the device session on the family across refreshes', async () => {
    const page = await handshakePage(t.app, 'tablet');
    expect((await page.send(await sealEnvelope(page.keys, page.document(5)))).body.ok).toBe(true);
    const pair = await loginWith(DEMO_MEMBER.cpf, page.sessionId, DEMO_MEMBER.password);
    const next = await gql<{ refreshToken: { access_token: string } }>(t.app, REFRESH, {
      refreshToken: pair.refresh_token,
    });
    const list = await gql<{ mySessions: SessionRow[] }>(
      t.app,
      SESSIONS,
      {},
      bearer(next.data!.refreshToken.access_token),
    );
    expect(list.data?.mySessions).toEqual([
      expect.objectContaining({ current: true, device: 'Chrome 131 · Android · Samsung' }),
    ]);
  });
});
