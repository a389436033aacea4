import '../../test/esm-shims';
import { randomUUID } from 'node:crypto';
import { PartnerUnavailableError } from '../../adapters/points-partner';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, operatorAt, type TestApp } from '../../test/helpers';
import { appendEntries, getBalance } from '../points';
import { createMember, findUserByCpf } from '../users';
import { confirmTransfer, refuseTransfer, settleWaitingTransfers } from '.';
import { usePartnerForTests } from './service';

let t: TestApp;
let anaId: number;
let ana: { authorization: string };
const START = Date.parse('2026-11-22T12:00:00.000Z');
let clock = fakeClock(START);
const at = () => new Date(clock.now());
const HOUR = 60 * 60 * 1000;

beforeEach(async () => {
  clock = fakeClock(START);
  t = await createTestApp({ now: () => clock.now() });
  anaId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
  ana = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
});
afterEach(async () => {
  usePartnerForTests(null);
  await t.close();
});

const relogin = async () => {
  ana.authorization = `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}`;
};

/** Ana's balance from zero to `points`, whatever the demo seed gave her. */
async function setBalance(userId: number, points: number) {
  const { balance } = await getBalance(t.db, userId);
  if (balance !== points) {
    await appendEntries(
      t.db,
      userId,
      [{ userId, kind: balance < points ? 'credit' : 'adjustment', points: points - balance, description: 'Ajuste' }],
      at(),
    );
  }
}

const PROGRAM = `query { pointsPartner { name linkedAccount balance minimum multiple maxTransferable canTransferToday } }`;
const STATUS = `query { me { profileStatus { hasPointsPartnerIntegration } } }`;
const LINK = `mutation L($accountId: String!) { linkPointsPartner(accountId: $accountId) { linkedAccount } }`;
const UNLINK = `mutation { unlinkPointsPartner { linkedAccount } }`;
const SIMULATE = `query S($points: Int!) { partnerTransferSimulation(points: $points) {
  points partnerPoints rateClubPoints ratePartnerPoints minimum multiple balance balanceAfter } }`;
const FIELDS = `id status program accountId points partnerPoints refuseReason refundedPoints settledAt`;
const TRANSFER = `mutation T($input: PartnerTransferInput!) { transferToPointsPartner(input: $input) { ${FIELDS} } }`;
const ONE = `query O($id: ID!) { myPartnerTransfer(id: $id) { ${FIELDS} } }`;
const LIST = `query { myPartnerTransfers { data { ${FIELDS} } hasMore } }`;
const EXTRACT = `query { pointsEntries(first: 10) { data { kind points description } } }`;

interface TransferAnswer {
  id: string;
  status: string;
  points: number;
  partnerPoints: number;
  refuseReason: string | null;
  refundedPoints: number;
}

const link = (headers = ana, accountId = '12345678') =>
  gql<{ linkPointsPartner: { linkedAccount: string | null } }>(t.app, LINK, { accountId }, headers);
const transfer = (points: number, headers = ana, idempotencyKey: string = randomUUID()) =>
  gql<{ transferToPointsPartner: TransferAnswer }>(t.app, TRANSFER, { input: { points, idempotencyKey } }, headers);
const linked = async (headers = ana) =>
  (await gql<{ me: { profileStatus: { hasPointsPartnerIntegration: boolean } } }>(t.app, STATUS, {}, headers)).data!.me
    .profileStatus.hasPointsPartnerIntegration;
const operator = () => operatorAt(t, clock.now());

/** Everything a refused request must leave as it was. */
const state = async () => ({
  links: await t.db.selectFrom('partner_links').selectAll().execute(),
  transfers: (await t.db.selectFrom('partner_transfers').select(['id', 'status']).execute()).length,
  ledger: (await t.db.selectFrom('points_ledger').select('id').execute()).length,
});

async function newMember(i: number) {
  const cpf = `${String(52998224725 + i * 1_000_003).slice(0, 9)}`;
  const digits = cpf.split('').map(Number);
  const check = (ds: number[]) => {
    const rest = (ds.reduce((s, d, k) => s + d * (ds.length + 1 - k), 0) * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = check(digits);
  const full = `${cpf}${d1}${check([...digits, d1])}`;
  const member = await createMember(t.db, {
    name: `Membro${i}`,
    surName: 'Teste',
    cpf: full,
    email: `parceiro${i}@exemplo.com.br`,
    password: 'Senha#forte1',
  });
  const { token } = await loginAs(t.app, `parceiro${i}@exemplo.com.br`, 'Senha#forte1');
  return { id: member.id, headers: { authorization: `Bearer ${token}` } };
}

describe('linking an account at the points partner', () => {
  it('links at once when the embedded partner knows the member, and hasPointsPartnerIntegration follows the link', async () => {
    expect(await linked()).toBe(false);
    const res = await link(ana, ' 12345678 ');
    expect(res.errors).toBeUndefined();
    expect(res.data!.linkPointsPartner.linkedAccount).toBe('12345678');
    expect(await linked()).toBe(true);
    // The same account again is no change; another one is refused while linked.
    expect((await link(ana, '12345678')).errors).toBeUndefined();
    const other = await link(ana, '87654321');
    expect(other.errors?.[0]).toMatchObject({
      message:
        'Sua conta 12345678 do programa parceiro já está vinculada. Desvincule-a no seu perfil para vincular outra.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const unlinked = await gql<{ unlinkPointsPartner: { linkedAccount: string | null } }>(t.app, UNLINK, {}, ana);
    expect(unlinked.data!.unlinkPointsPartner.linkedAccount).toBeNull();
    expect(await linked()).toBe(false);
    // The member's own link and unlink are in the audit trail, under the member's id only.
    expect(
      await t.db
        .selectFrom('staff_audit')
        .select(['actor_kind', 'actor_name', 'action', 'object_id', 'before', 'after'])
        .where('action', 'like', 'partner.%')
        .orderBy('id')
        .execute(),
    ).toEqual([
      {
        actor_kind: 'member',
        actor_name: `membro #${anaId}`,
        action: 'partner.link',
        object_id: String(anaId),
        before: null,
        after: '{"accountId":"12345678"}',
      },
      {
        actor_kind: 'member',
        actor_name: `membro #${anaId}`,
        action: 'partner.unlink',
        object_id: String(anaId),
        before: '{"accountId":"12345678"}',
        after: null,
      },
    ]);
  });

  it('refuses an account the partner does not know and a malformed number, in Portuguese, linking nothing', async () => {
    const cases: [string, string][] = [
      ['00000000', 'Não encontramos esta conta no programa parceiro. Confira o número.'],
      ['12', 'Informe o número da sua conta no programa parceiro: de 4 a 30 letras, números ou hífens.'],
      ['1234 5678; drop', 'Informe o número da sua conta no programa parceiro: de 4 a 30 letras, números ou hífens.'],
    ];
    for (const [accountId, message] of cases) {
      const res = await link(ana, accountId);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
    expect(await t.db.selectFrom('partner_links').selectAll().execute()).toEqual([]);
    expect(await linked()).toBe(false);
  });

  it('takes at most 10 tries a day, so nobody probes the partner’s accounts through the club', async () => {
    for (let i = 0; i < 10; i += 1)
      expect((await link(ana, '00000000')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const blocked = await link(ana, '12345678');
    expect(blocked.errors?.[0]).toMatchObject({
      message: 'Muitas tentativas de vincular hoje. Tente de novo amanhã.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    clock.advance(25 * HOUR);
    await relogin();
    expect((await link(ana, '12345678')).errors).toBeUndefined();
  });

  it('answers in Portuguese when the partner cannot be reached, linking nothing', async () => {
    usePartnerForTests({
      embedded: false,
      link: () => Promise.reject(new PartnerUnavailableError('down')),
      transfer: () => Promise.reject(new PartnerUnavailableError('down')),
      status: () => Promise.reject(new PartnerUnavailableError('down')),
    });
    const res = await link();
    expect(res.errors?.[0]?.message).toBe('O programa parceiro não respondeu agora. Tente de novo em alguns minutos.');
    expect(await linked()).toBe(false);
  });
});

describe('transferring points to the partner', () => {
  it('simulates, debits the points with the transfer’s number, and completes when the operator confirms', async () => {
    await setBalance(anaId, 2500);
    await link();
    const sim = await gql<{ partnerTransferSimulation: Record<string, number> }>(
      t.app,
      SIMULATE,
      { points: 1200 },
      ana,
    );
    expect(sim.data!.partnerTransferSimulation).toEqual({
      points: 1200,
      partnerPoints: 1200,
      rateClubPoints: 1,
      ratePartnerPoints: 1,
      minimum: 1000,
      multiple: 100,
      balance: 2500,
      balanceAfter: 1300,
    });
    const program = await gql<{ pointsPartner: Record<string, unknown> }>(t.app, PROGRAM, {}, ana);
    expect(program.data!.pointsPartner).toMatchObject({ name: 'Programa Parceiro', maxTransferable: 2500 });

    const res = await transfer(1200);
    expect(res.errors).toBeUndefined();
    const made = res.data!.transferToPointsPartner;
    expect(made).toMatchObject({ status: 'REQUESTED', points: 1200, partnerPoints: 1200, refundedPoints: 0 });
    expect((await getBalance(t.db, anaId)).balance).toBe(1300);
    const extract = await gql<{ pointsEntries: { data: { points: number; description: string }[] } }>(
      t.app,
      EXTRACT,
      {},
      ana,
    );
    expect(extract.data!.pointsEntries.data[0]).toMatchObject({
      points: -1200,
      description: `Transferência nº ${made.id} para Programa Parceiro`,
    });
    expect(
      (await gql<{ pointsPartner: { canTransferToday: boolean } }>(t.app, PROGRAM, {}, ana)).data!.pointsPartner,
    ).toMatchObject({ canTransferToday: false });

    const confirmed = await confirmTransfer(operator(), made.id, 'suporte.rui');
    expect(confirmed).toMatchObject({ changed: true, late: false, transfer: { status: 'completed' } });
    const seen = await gql<{ myPartnerTransfer: TransferAnswer }>(t.app, ONE, { id: made.id }, ana);
    expect(seen.data!.myPartnerTransfer).toMatchObject({ status: 'COMPLETED', refundedPoints: 0 });
    // Confirming again changes nothing; the points stay debited once.
    expect(await confirmTransfer(operator(), made.id, 'suporte.rui')).toMatchObject({ changed: false, late: false });
    expect((await getBalance(t.db, anaId)).balance).toBe(1300);
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['actor_name', 'action'])
      .where('object_type', '=', 'partner_transfer')
      .where('object_id', '=', made.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { actor_name: `membro #${anaId}`, action: 'partner.request' },
      { actor_name: 'suporte.rui', action: 'partner.confirm' },
      { actor_name: 'suporte.rui', action: 'partner.confirm' },
    ]);
  });

  it('gives the points back as a refund linked to the transfer when the partner refuses', async () => {
    await setBalance(anaId, 1000);
    await link();
    const made = (await transfer(1000)).data!.transferToPointsPartner;
    expect((await getBalance(t.db, anaId)).balance).toBe(0);
    await refuseTransfer(operator(), made.id, 'suporte.rui', 'Conta bloqueada no parceiro.');
    const list = await gql<{ myPartnerTransfers: { data: TransferAnswer[] } }>(t.app, LIST, {}, ana);
    expect(list.data!.myPartnerTransfers.data).toEqual([
      expect.objectContaining({
        id: made.id,
        status: 'REFUSED',
        refuseReason: 'Conta bloqueada no parceiro.',
        refundedPoints: 1000,
      }),
    ]);
    expect((await getBalance(t.db, anaId)).balance).toBe(1000);
    const row = await t.db.selectFrom('partner_transfers').selectAll().executeTakeFirstOrThrow();
    const refund = await t.db
      .selectFrom('points_ledger')
      .selectAll()
      .where('id', '=', row.refund_entry_id!)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({
      kind: 'refund',
      points: 1000,
      description: `Estorno da transferência nº ${made.id} para Programa Parceiro`,
    });
    // The extract links the debit and its refund to the transfer (and to no reward order).
    const linked = await gql<{
      pointsEntries: { data: { kind: string; transferId: string | null; orderId: string | null }[] };
    }>(t.app, 'query { pointsEntries(first: 3) { data { kind transferId orderId } } }', {}, ana);
    expect(linked.data!.pointsEntries.data.slice(0, 2)).toEqual([
      { kind: 'REFUND', transferId: made.id, orderId: null },
      { kind: 'REDEMPTION', transferId: made.id, orderId: null },
    ]);
    // A refused transfer does not count against the day: another one can go.
    expect((await transfer(1000)).errors).toBeUndefined();
  });

  it('refunds a transfer the partner has not answered in 24 hours; a late confirmation neither debits again nor pays twice', async () => {
    await setBalance(anaId, 1500);
    await link();
    const made = (await transfer(1000)).data!.transferToPointsPartner;
    clock.advance(23 * HOUR);
    expect(await settleWaitingTransfers(t.db, t.config, at())).toBe(0);
    clock.advance(2 * HOUR);
    expect(await settleWaitingTransfers(t.db, t.config, at())).toBe(1);
    expect((await getBalance(t.db, anaId)).balance).toBe(1500);
    const late = await confirmTransfer(operator(), made.id, 'parceiro-ao-telefone');
    expect(late).toMatchObject({
      changed: false,
      late: true,
      transfer: { status: 'refused', late_answer: 'confirmed' },
    });
    expect((await getBalance(t.db, anaId)).balance).toBe(1500);
    const ledger = await t.db
      .selectFrom('points_ledger')
      .select(['kind', 'points'])
      .where('user_id', '=', anaId)
      .where('kind', 'in', ['redemption', 'refund'])
      .execute();
    expect(ledger).toEqual([
      { kind: 'redemption', points: -1000 },
      { kind: 'refund', points: 1000 },
    ]);
    await relogin();
    const seen = (await gql<{ myPartnerTransfer: TransferAnswer }>(t.app, ONE, { id: made.id }, ana)).data!
      .myPartnerTransfer;
    expect(seen).toMatchObject({
      status: 'REFUSED',
      refundedPoints: 1000,
      refuseReason: 'O programa parceiro não confirmou em 24 horas; os pontos voltaram para você.',
    });
  });

  it('a retry after a lost answer returns the same transfer, debited once', async () => {
    await setBalance(anaId, 3000);
    await link();
    let calls = 0;
    usePartnerForTests({
      embedded: false,
      link: async () => 'linked',
      transfer: async () => {
        calls += 1;
        throw new PartnerUnavailableError('answer lost');
      },
      status: async () => ({ status: 'pending', reference: null, reason: null }),
    });
    const key = randomUUID();
    const first = await transfer(1000, ana, key);
    expect(first.data!.transferToPointsPartner.status).toBe('REQUESTED');
    const again = await transfer(1000, ana, key);
    expect(again.data!.transferToPointsPartner.id).toBe(first.data!.transferToPointsPartner.id);
    const both = await Promise.all(Array.from({ length: 5 }, () => transfer(1000, ana, key)));
    expect(new Set(both.map((r) => r.data!.transferToPointsPartner.id))).toEqual(
      new Set([first.data!.transferToPointsPartner.id]),
    );
    expect(calls).toBe(1);
    expect((await getBalance(t.db, anaId)).balance).toBe(2000);
    expect(await t.db.selectFrom('partner_transfers').select('id').execute()).toHaveLength(1);
  });

  it('20 concurrent transfers by a member whose balance covers one make exactly one', async () => {
    await setBalance(anaId, 1500);
    await link();
    const results = await Promise.all(Array.from({ length: 20 }, () => transfer(1000)));
    const made = results.filter((r) => r.data?.transferToPointsPartner);
    const refused = results.filter((r) => r.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT');
    expect(made).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect((await getBalance(t.db, anaId)).balance).toBe(500);
    expect(await t.db.selectFrom('partner_transfers').select('id').execute()).toHaveLength(1);
    const debits = await t.db.selectFrom('points_ledger').select('id').where('kind', '=', 'redemption').execute();
    expect(debits).toHaveLength(1);
  });

  it('refuses every bad input in Portuguese, changing nothing', async () => {
    await setBalance(anaId, 1500);
    const notLinked = await transfer(1000);
    expect(notLinked.errors?.[0]?.message).toBe('Vincule sua conta do programa parceiro antes de transferir.');
    await link();
    const before = await state();
    const cases: [number, string][] = [
      [900, 'A transferência mínima é de 1.000 pontos.'],
      [1050, 'Transfira em múltiplos de 100 pontos.'],
      [2000, 'Saldo insuficiente: você tem 1.500 pontos.'],
      [-1000, 'Informe um número positivo de pontos.'],
      [0, 'Informe um número positivo de pontos.'],
      [2_000_000, 'A transferência máxima é de 1.000.000 pontos.'],
    ];
    for (const [points, message] of cases) {
      for (const res of [await transfer(points), await gql(t.app, SIMULATE, { points }, ana)]) {
        expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      }
    }
    const badKey = await transfer(1000, ana, 'x');
    expect(badKey.errors?.[0]?.message).toBe('Chave de envio inválida.');
    expect(await state()).toEqual(before);

    // One a day: the second of the day is refused; the next day it goes.
    await setBalance(anaId, 5000);
    expect((await transfer(1000)).errors).toBeUndefined();
    const second = await transfer(1000);
    expect(second.errors?.[0]?.message).toBe('Você já fez uma transferência hoje. Tente de novo amanhã.');
    clock.advance(24 * HOUR);
    await relogin();
    expect((await transfer(1000)).errors).toBeUndefined();
  });

  it('says when the next transfer can be: the next São Paulo day once the day’s is made, none while one can go', async () => {
    const NEXT = `query { pointsPartner { canTransferToday nextTransferAt } }`;
    const next = async () =>
      (await gql<{ pointsPartner: { canTransferToday: boolean; nextTransferAt: string | null } }>(t.app, NEXT, {}, ana))
        .data!.pointsPartner;
    await setBalance(anaId, 5000);
    await link();
    expect(await next()).toEqual({ canTransferToday: true, nextTransferAt: null });

    // 23:30 of 22/11 in São Paulo, already 23/11 in UTC: the day that counts is São Paulo's, ending half an hour on.
    clock.advance(14.5 * HOUR);
    await relogin();
    const refused = (await transfer(1000)).data!.transferToPointsPartner;
    expect(await next()).toEqual({ canTransferToday: false, nextTransferAt: '2026-11-23T03:00:00.000Z' });
    // A refusal frees the day again.
    await refuseTransfer(operator(), refused.id, 'suporte.rui', 'Conta bloqueada no parceiro.');
    expect(await next()).toEqual({ canTransferToday: true, nextTransferAt: null });
    expect((await transfer(1000)).errors).toBeUndefined();
    expect(await next()).toEqual({ canTransferToday: false, nextTransferAt: '2026-11-23T03:00:00.000Z' });

    // The instant it names is the one the transfer's own check lets through: not a millisecond before.
    clock.advance(30 * 60 * 1000 - 1);
    await relogin();
    expect((await transfer(1000)).errors?.[0]?.message).toBe(
      'Você já fez uma transferência hoje. Tente de novo amanhã.',
    );
    clock.advance(1);
    expect(await next()).toEqual({ canTransferToday: true, nextTransferAt: null });
    expect((await transfer(1000)).errors).toBeUndefined();
    expect(await next()).toEqual({ canTransferToday: false, nextTransferAt: '2026-11-24T03:00:00.000Z' });
  });

  it('another member’s transfer answers like a missing one', async () => {
    await setBalance(anaId, 1000);
    await link();
    const made = (await transfer(1000)).data!.transferToPointsPartner;
    const bia = await newMember(1);
    for (const id of [made.id, '999999', 'abc']) {
      const res = await gql(t.app, ONE, { id }, bia.headers);
      expect(res.errors?.[0]).toMatchObject({
        message: 'Transferência não encontrada.',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    const list = await gql<{ myPartnerTransfers: { data: unknown[] } }>(t.app, LIST, {}, bia.headers);
    expect(list.data!.myPartnerTransfers.data).toEqual([]);
  });

  it('a disabled member cannot transfer', async () => {
    await setBalance(anaId, 1000);
    await link();
    const before = await state();
    await t.db.updateTable('users').set({ disabled_at: at().toISOString() }).where('id', '=', anaId).execute();
    const res = await transfer(1000);
    expect(res.errors?.[0]?.message).toBe('User disabled');
    expect(await state()).toEqual(before);
  });
});
