import '../../test/esm-shims';
import { randomUUID } from 'node:crypto';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type FakeClock, type TestApp } from '../../test/helpers';
import { codeOf, enrolStaff, freshSession, painelGql, type EnrolledStaff } from '../../test/staff';
import { appendEntries, getBalance } from '../points';
import { findUserByCpf } from '../users';
import { confirmTransfer } from '.';

let t: TestApp;
let clock: FakeClock;
let anaId: number;
let ana: { authorization: string };
let paula: EnrolledStaff;

beforeEach(async () => {
  clock = fakeClock();
  t = await createTestApp({ now: clock.now });
  anaId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
  ana = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
  paula = await enrolStaff(t, { email: 'paula@clube.test', roles: ['premios'], name: 'Paula Prêmios' });
  await appendEntries(
    t.db,
    anaId,
    [{ userId: anaId, kind: 'credit', points: 10_000, description: 'Crédito' }],
    new Date(clock.now()),
  );
  await gql(t.app, 'mutation { linkPointsPartner(accountId: "12345678") { linkedAccount } }', {}, ana);
});
afterEach(() => t.close());

/** A transfer of 1.000 points, waiting for the partner (the embedded default never answers by itself). */
async function transfer(): Promise<string> {
  const res = await gql<{ transferToPointsPartner: { id: string; status: string } }>(
    t.app,
    'mutation T($input: PartnerTransferInput!) { transferToPointsPartner(input: $input) { id status } }',
    { input: { points: 1000, idempotencyKey: randomUUID() } },
    ana,
  );
  expect(res.data?.transferToPointsPartner.status).toBe('REQUESTED');
  return res.data!.transferToPointsPartner.id;
}

const FIELDS = 'id status memberName memberCpfMasked accountId points partnerPoints refuseReason partnerReference';
const LIST = `query ($status: StaffPartnerTransferStatus) { staffPartnerTransfers(status: $status) { rows { ${FIELDS} } nextCursor } }`;
const CONFIRM = `mutation ($id: ID!, $reference: String!) { staffConfirmPartnerTransfer(id: $id, reference: $reference) { ${FIELDS} } }`;
const REFUSE = `mutation ($id: ID!, $reason: String!) { staffRefusePartnerTransfer(id: $id, reason: $reason) { ${FIELDS} } }`;
const MINE = `query O($id: ID!) { myPartnerTransfer(id: $id) { status refuseReason refundedPoints } }`;

type Row = {
  id: string;
  status: string;
  memberCpfMasked: string;
  refuseReason: string | null;
  partnerReference: string | null;
};
const messageOf = (res: { errors?: { message: string }[] }) => res.errors?.[0]?.message;
const call = <T>(query: string, variables: Record<string, unknown> = {}, token = paula.token) =>
  painelGql<T>(t.app, query, variables, token);

describe('partner transfers in the painel', () => {
  it('lists those waiting, confirms one (Concluída for the member) and refuses another with a reason, giving the points back; both audited', async () => {
    const first = await transfer();
    clock.advance(25 * 60 * 60 * 1000);
    ana.authorization = `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}`;
    const second = await transfer();
    // A day later: a new painel session too (one lasts 10 hours at most).
    paula = { ...paula, token: await freshSession(t, { ...paula, roles: ['premios'] }) };

    const waiting = await call<{ staffPartnerTransfers: { rows: Row[]; nextCursor: string | null } }>(LIST);
    expect(waiting.data?.staffPartnerTransfers).toEqual({
      rows: [
        expect.objectContaining({ id: first, status: 'REQUESTED', memberName: 'Ana Souza', accountId: '12345678' }),
        expect.objectContaining({ id: second, status: 'REQUESTED', memberCpfMasked: '***.982.***-25' }),
      ],
      nextCursor: null,
    });
    expect(JSON.stringify(waiting.data)).not.toContain(DEMO_MEMBER.cpf);

    // Confirming asks for the partner's reference of the credit, beside its field.
    for (const reference of ['', ' x ', 'ref<script>']) {
      const refused = await call(CONFIRM, { id: first, reference });
      expect(refused.errors?.[0]?.extensions?.fields).toEqual({
        reference: 'Informe a referência que o parceiro deu ao crédito (de 3 a 60 letras, números e - _ . / #).',
      });
    }
    const confirmed = await call<{ staffConfirmPartnerTransfer: Row }>(CONFIRM, {
      id: first,
      reference: ' PTS-2026/0042 ',
    });
    expect(confirmed.data?.staffConfirmPartnerTransfer).toMatchObject({
      status: 'COMPLETED',
      partnerReference: 'PTS-2026/0042',
    });
    const mine = await gql<{ myPartnerTransfer: { status: string } }>(t.app, MINE, { id: first }, ana);
    expect(mine.data?.myPartnerTransfer.status).toBe('COMPLETED');
    const inbox = await gql<{ notifications: { data: { title: string; body: string }[] } }>(
      t.app,
      '{ notifications(first: 5) { data { title body } } }',
      {},
      ana,
    );
    expect(inbox.data?.notifications.data[0]).toMatchObject({ title: 'Transferência concluída' });
    expect(inbox.data?.notifications.data[0]?.body).toContain(`transferência nº ${first}`);

    const balance = (await getBalance(t.db, anaId)).balance;
    expect(messageOf(await call(REFUSE, { id: second, reason: 'não' }))).toBe(
      'Informe o motivo da recusa (de 5 a 300 caracteres): o membro o lê.',
    );
    const refused = await call<{ staffRefusePartnerTransfer: Row }>(REFUSE, {
      id: second,
      reason: 'Conta bloqueada no parceiro',
    });
    expect(refused.data?.staffRefusePartnerTransfer).toMatchObject({
      status: 'REFUSED',
      refuseReason: 'Conta bloqueada no parceiro',
    });
    expect((await getBalance(t.db, anaId)).balance).toBe(balance + 1000);
    const theirs = await gql<{ myPartnerTransfer: { status: string; refundedPoints: number } }>(
      t.app,
      MINE,
      { id: second },
      ana,
    );
    expect(theirs.data?.myPartnerTransfer).toEqual({
      status: 'REFUSED',
      refuseReason: 'Conta bloqueada no parceiro',
      refundedPoints: 1000,
    });
    expect((await call<{ staffPartnerTransfers: { rows: Row[] } }>(LIST)).data?.staffPartnerTransfers.rows).toEqual([]);
    expect(
      (
        await call<{ staffPartnerTransfers: { rows: Row[] } }>(LIST, { status: 'REFUSED' })
      ).data?.staffPartnerTransfers.rows.map((r) => r.id),
    ).toEqual([second]);

    // A second answer the other way changes nothing and says why.
    expect(messageOf(await call(CONFIRM, { id: second, reference: 'PTS-2026/0043' }))).toBe(
      `A transferência nº ${second} já tinha sido recusada e os pontos voltaram ao membro: nada foi debitado de novo. A resposta tardia ficou registrada; peça ao parceiro que estorne o crédito.`,
    );
    expect((await getBalance(t.db, anaId)).balance).toBe(balance + 1000);

    const lines = await t.db
      .selectFrom('staff_audit')
      .select(['actor_name', 'role', 'action', 'object_id', 'before', 'after'])
      .where('action', 'like', 'partner.%')
      // The member's own requests are in the trail too; these are the painel's answers.
      .where('actor_kind', '=', 'staff')
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.actor_name, l.role, l.action, l.object_id])).toEqual([
      ['Paula Prêmios <paula@clube.test>', 'premios', 'partner.confirm', first],
      ['Paula Prêmios <paula@clube.test>', 'premios', 'partner.refuse', second],
      ['Paula Prêmios <paula@clube.test>', 'premios', 'partner.confirm', second],
    ]);
    expect(JSON.parse(lines[0]!.after!)).toEqual({ status: 'completed', reference: 'PTS-2026/0042' });
    expect(JSON.parse(lines[1]!.before!)).toEqual({ status: 'requested' });
    expect(JSON.parse(lines[1]!.after!)).toEqual({ status: 'refused', reason: 'Conta bloqueada no parceiro' });
    // The late answer's reference is kept, for the partner to be asked to reverse that credit.
    expect(JSON.parse(lines[2]!.after!)).toEqual({
      status: 'refused',
      lateAnswer: 'confirmed',
      reference: 'PTS-2026/0043',
    });
    const own = await t.db
      .selectFrom('staff_audit')
      .select(['actor_name', 'action'])
      .where('object_type', '=', 'partner_transfer')
      .where('object_id', '=', String(second))
      .orderBy('id')
      .execute();
    expect(own.map((a) => [a.actor_name, a.action])).toEqual([
      [`membro #${anaId}`, 'partner.request'],
      ['Paula Prêmios <paula@clube.test>', 'partner.refuse'],
      ['Paula Prêmios <paula@clube.test>', 'partner.confirm'],
    ]);
  });

  it('the terminal’s answer lands in the trail as the terminal; a member and other roles are refused', async () => {
    const id = await transfer();
    const reference = 'PTS-2026/0044';
    const member = await painelGql(t.app, CONFIRM, { id, reference }, ana.authorization.replace('Bearer ', ''));
    expect(codeOf(member)).toBe('UNAUTHENTICATED');
    const support = await enrolStaff(t, { email: 'lia@clube.test', roles: ['atendimento'] });
    expect(codeOf(await call(CONFIRM, { id, reference }, support.token))).toBe('FORBIDDEN');
    expect(codeOf(await call(CONFIRM, { id: '999999', reference }))).toBe('NOT_FOUND');

    await confirmTransfer(t, id, 'operador.joao');
    const line = await t.db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'role', 'action'])
      .where('object_id', '=', id)
      .where('action', 'like', 'partner.%')
      .where('actor_kind', '<>', 'member')
      .executeTakeFirstOrThrow();
    expect(line).toEqual({
      actor_kind: 'terminal',
      actor_name: 'operador.joao',
      role: null,
      action: 'partner.confirm',
    });
  });
});
