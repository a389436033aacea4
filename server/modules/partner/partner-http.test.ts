import '../../test/esm-shims';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TIMESTAMP_HEADER,
  httpPointsPartner,
  PartnerUnavailableError,
  signCallback,
} from '../../adapters/points-partner';
import { DEMO_MEMBER } from '../../seed';
import { freePort } from '../../test/free-port';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { appendEntries, getBalance } from '../points';
import { findUserByCpf } from '../users';
import { settleWaitingTransfers } from '.';

/**
 * The HTTP partner client against a small partner the test runs (node:http), and the partner's signed callbacks to
 * the club's API listening on a real port: the contract of docs/rewards-and-partner.md, end to end.
 */

const TOKEN = 'token-do-parceiro-de-teste';
const SECRET = 'segredo-dos-callbacks-do-parceiro-0123456789';
const ANA_CPF = DEMO_MEMBER.cpf.replace(/\D/g, '');
const HOUR = 60 * 60 * 1000;

interface PartnerRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

/** A partner program: two accounts, transfers it answers as `mode` says, every request kept. */
function fakePartner() {
  const requests: PartnerRequest[] = [];
  const accounts = new Map([
    ['12345678', ANA_CPF],
    ['99999999', '11122233344'],
  ]);
  const transfers = new Map<string, string>();
  const state = {
    mode: 'pending' as 'pending' | 'confirmed' | 'refused' | 'error',
    statusOf: (id: string) => transfers.get(id) ?? 'not_found',
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      requests.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      const send = (code: number, answer: object) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { error: 'unauthorized' });
      if (state.mode === 'error') return send(500, { error: 'boom' });
      if (req.method === 'POST' && req.url === '/links') {
        const cpf = accounts.get(String(body?.accountId));
        return send(200, { status: cpf === undefined ? 'not_found' : cpf === body?.cpf ? 'linked' : 'cpf_mismatch' });
      }
      if (req.method === 'POST' && req.url === '/transfers') {
        const id = String(body?.transferId);
        transfers.set(id, state.mode);
        return send(201, {
          status: state.mode,
          reference: `P-${id}`,
          reason: state.mode === 'refused' ? 'Conta do parceiro suspensa.' : null,
        });
      }
      const status = /^\/transfers\/(\d+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && status) {
        const answer = state.statusOf(status[1]!);
        return send(answer === 'not_found' ? 404 : 200, { status: answer, reference: null, reason: null });
      }
      send(404, { error: 'no route' });
    });
  });
  return { server, requests, transfers, state };
}

let partner: ReturnType<typeof fakePartner>;
let partnerUrl: string;
let t: TestApp;
let apiUrl: string;
let ana: { authorization: string };
let anaId: number;
const START = Date.parse('2026-11-22T12:00:00.000Z');
let clock = fakeClock(START);

beforeEach(async () => {
  partner = fakePartner();
  await new Promise<void>((resolve) => partner.server.listen(0, '127.0.0.1', resolve));
  partnerUrl = `http://127.0.0.1:${(partner.server.address() as AddressInfo).port}`;
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  clock = fakeClock(START);
  t = await createTestApp({
    now: () => clock.now(),
    publicUrl: apiUrl,
    pointsPartner: { url: partnerUrl, token: TOKEN, callbackSecret: SECRET },
    pointsPartnerName: 'Voa Mais',
    // The test's partner runs on this machine, which the outbound guard reaches only for an origin listed so.
    outbound: { privateOrigins: [partnerUrl] },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  anaId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
  ana = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
  const { balance } = await getBalance(t.db, anaId);
  await appendEntries(
    t.db,
    anaId,
    [{ userId: anaId, kind: 'credit', points: 3000 - balance, description: 'Crédito' }],
    new Date(clock.now()),
  );
});
afterEach(async () => {
  await t.close();
  await new Promise((resolve) => partner.server.close(resolve));
});

const LINK = `mutation L($accountId: String!) { linkPointsPartner(accountId: $accountId) { linkedAccount } }`;
const TRANSFER = `mutation T($input: PartnerTransferInput!) {
  transferToPointsPartner(input: $input) { id status refuseReason refundedPoints } }`;
const ONE = `query O($id: ID!) { myPartnerTransfer(id: $id) { id status refuseReason refundedPoints } }`;

const link = (accountId: string) =>
  gql<{ linkPointsPartner: { linkedAccount: string } }>(t.app, LINK, { accountId }, ana);
const transfer = (points = 1000) =>
  gql<{ transferToPointsPartner: { id: string; status: string; refuseReason: string | null } }>(
    t.app,
    TRANSFER,
    { input: { points, idempotencyKey: randomUUID() } },
    ana,
  );
/** The access token lasts 15 minutes: after the clock moved, a fresh one. */
const seen = async (id: string) => {
  ana = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
  return (await gql<{ myPartnerTransfer: { status: string; refundedPoints: number } }>(t.app, ONE, { id }, ana)).data!
    .myPartnerTransfer;
};

/** Posts a callback to the API over HTTP, signed as the partner signs it unless told otherwise. */
async function callback(
  body: object,
  { secret = SECRET, timestamp = String(Math.floor(clock.now() / 1000)), raw = JSON.stringify(body) } = {},
) {
  const response = await fetch(`${apiUrl}/api/parceiro/callback`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [CALLBACK_TIMESTAMP_HEADER]: timestamp,
      [CALLBACK_SIGNATURE_HEADER]: signCallback(secret, timestamp, JSON.stringify(body)),
    },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the HTTP points partner', () => {
  it('links only the account whose CPF the partner has for the member, with the bearer token', async () => {
    expect((await link('99999999')).errors?.[0]?.message).toBe(
      'Esta conta do programa parceiro não está no seu CPF. Use uma conta em seu nome.',
    );
    expect((await link('55555555')).errors?.[0]?.message).toBe(
      'Não encontramos esta conta no programa parceiro. Confira o número.',
    );
    expect((await link('12345678')).data!.linkPointsPartner.linkedAccount).toBe('12345678');
    expect(partner.requests.map((r) => [r.method, r.url, r.authorization, r.body])).toEqual([
      ['POST', '/links', `Bearer ${TOKEN}`, { accountId: '99999999', cpf: ANA_CPF }],
      ['POST', '/links', `Bearer ${TOKEN}`, { accountId: '55555555', cpf: ANA_CPF }],
      ['POST', '/links', `Bearer ${TOKEN}`, { accountId: '12345678', cpf: ANA_CPF }],
    ]);
  });

  it('sends the transfer, takes the signed callback once, and refuses a replayed, forged, altered or stale one', async () => {
    await link('12345678');
    const made = (await transfer(1200)).data!.transferToPointsPartner;
    expect(made.status).toBe('REQUESTED');
    expect(partner.requests.at(-1)).toMatchObject({
      url: '/transfers',
      body: {
        transferId: made.id,
        accountId: '12345678',
        points: 1200,
        clubPoints: 1200,
        callbackUrl: `${apiUrl}/api/parceiro/callback`,
      },
    });
    const answer = { transferId: made.id, status: 'confirmed', reference: `P-${made.id}` };
    const forged = await callback(answer, { secret: 'outro-segredo-qualquer-com-mais-de-32-caracteres' });
    expect(forged).toEqual({
      status: 401,
      body: { ok: false, code: 'ASSINATURA_INVALIDA', message: 'A assinatura da chamada não confere.' },
    });
    const altered = await callback(answer, { raw: JSON.stringify({ ...answer, status: 'refused' }) });
    expect(altered).toMatchObject({ status: 401, body: { code: 'ASSINATURA_INVALIDA' } });
    const stale = await callback(answer, { timestamp: String(Math.floor(clock.now() / 1000) - 600) });
    expect(stale).toEqual({
      status: 401,
      body: { ok: false, code: 'HORARIO_FORA_DA_JANELA', message: 'O horário da chamada está fora da janela aceita.' },
    });
    const outside = await callback({ transferId: made.id, status: 'talvez' });
    expect(outside).toMatchObject({ status: 400, body: { code: 'CORPO_FORA_DO_CONTRATO' } });
    const unknown = await callback({ transferId: '999999', status: 'confirmed' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'TRANSFERENCIA_DESCONHECIDA' } });
    expect((await seen(made.id)).status).toBe('REQUESTED');

    const timestamp = String(Math.floor(clock.now() / 1000));
    const good = await callback(answer, { timestamp });
    expect(good).toEqual({ status: 200, body: { ok: true, status: 'completed', late: false } });
    expect(await seen(made.id)).toMatchObject({ status: 'COMPLETED', refundedPoints: 0 });
    const replayed = await callback(answer, { timestamp });
    expect(replayed).toEqual({
      status: 409,
      body: { ok: false, code: 'CHAMADA_REPETIDA', message: 'Esta chamada já foi recebida.' },
    });
    expect((await getBalance(t.db, anaId)).balance).toBe(1800);
    const row = await t.db.selectFrom('partner_transfers').selectAll().executeTakeFirstOrThrow();
    expect(row.partner_reference).toBe(`P-${made.id}`);
  });

  it('refunds a refusal given at once; a late confirmation by callback after the deadline moves no points', async () => {
    await link('12345678');
    partner.state.mode = 'refused';
    const refused = (await transfer(1000)).data!.transferToPointsPartner;
    expect(refused).toMatchObject({ status: 'REFUSED', refuseReason: 'Conta do parceiro suspensa.' });
    expect((await getBalance(t.db, anaId)).balance).toBe(3000);

    partner.state.mode = 'pending';
    const waiting = (await transfer(1000)).data!.transferToPointsPartner;
    expect((await getBalance(t.db, anaId)).balance).toBe(2000);
    clock.advance(25 * HOUR);
    expect(await settleWaitingTransfers(t.db, t.config, new Date(clock.now()))).toBe(1);
    expect(await seen(waiting.id)).toMatchObject({ status: 'REFUSED', refundedPoints: 1000 });
    expect((await getBalance(t.db, anaId)).balance).toBe(3000);
    const late = await callback({ transferId: waiting.id, status: 'confirmed' });
    expect(late).toEqual({ status: 200, body: { ok: true, status: 'refused', late: true } });
    expect((await getBalance(t.db, anaId)).balance).toBe(3000);
    const row = await t.db
      .selectFrom('partner_transfers')
      .selectAll()
      .where('id', '=', Number(waiting.id))
      .executeTakeFirstOrThrow();
    expect(row.late_answer).toBe('confirmed');
  });

  it('keeps a transfer whose answer was lost, asks the partner later and sends again what it never got', async () => {
    await link('12345678');
    partner.state.mode = 'error';
    const lost = (await transfer(1000)).data!.transferToPointsPartner;
    expect(lost.status).toBe('REQUESTED');
    partner.state.mode = 'pending';
    partner.transfers.clear();
    clock.advance(20 * 60 * 1000);
    // The partner never got it: sent again under the same number.
    expect(await settleWaitingTransfers(t.db, t.config, new Date(clock.now()))).toBe(0);
    expect(partner.requests.at(-1)).toMatchObject({ method: 'POST', url: '/transfers', body: { transferId: lost.id } });
    partner.transfers.set(lost.id, 'confirmed');
    clock.advance(20 * 60 * 1000);
    expect(await settleWaitingTransfers(t.db, t.config, new Date(clock.now()))).toBe(1);
    expect(await seen(lost.id)).toMatchObject({ status: 'COMPLETED' });
    expect((await getBalance(t.db, anaId)).balance).toBe(2000);
  });

  it('tells the member in Portuguese when the partner is down, and the client calls that unavailable', async () => {
    partner.state.mode = 'error';
    expect((await link('12345678')).errors?.[0]?.message).toBe(
      'O programa parceiro não respondeu agora. Tente de novo em alguns minutos.',
    );
    const client = httpPointsPartner(
      { url: 'http://127.0.0.1:1', token: TOKEN, callbackSecret: SECRET },
      { privateOrigins: ['http://127.0.0.1:1'] },
    );
    await expect(client.status('1')).rejects.toBeInstanceOf(PartnerUnavailableError);
  });

  it('is not called on this machine unless its origin is listed as the operator’s, nor redirected elsewhere', async () => {
    const settings = { url: partnerUrl, token: TOKEN, callbackSecret: SECRET };
    const unlisted = httpPointsPartner(settings, { privateOrigins: [] });
    await expect(unlisted.link('12345678', ANA_CPF)).rejects.toBeInstanceOf(PartnerUnavailableError);
    // Under another name that leads here, listed origin or not, the address is refused all the same.
    const renamed = httpPointsPartner(
      { ...settings, url: partnerUrl.replace('127.0.0.1', 'parceiro.exemplo.com.br').replace('http:', 'https:') },
      { privateOrigins: [], lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    );
    await expect(renamed.link('12345678', ANA_CPF)).rejects.toBeInstanceOf(PartnerUnavailableError);
    expect(partner.requests).toEqual([]);

    const redirecting = http.createServer((_req, res) => res.writeHead(307, { location: `${partnerUrl}/links` }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const elsewhere = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
      const client = httpPointsPartner({ ...settings, url: elsewhere }, { privateOrigins: [elsewhere, partnerUrl] });
      await expect(client.link('12345678', ANA_CPF)).rejects.toThrow('points partner answered 307');
      expect(partner.requests).toEqual([]);
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });
});
