import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, gql, loginAs, type TestApp } from '../../test/helpers';
import { enrolStaff, painelGql, type EnrolledStaff } from '../../test/staff';
import { getBalance } from '../points';
import { terminalActor } from '../staff';
import { findUserByCpf } from '../users/repository';
import { adjustPoints, ADJUSTMENT_MESSAGES } from './points-adjustments';

// Manual points adjustments in the painel (admin only; REVIEW_CONFIRM_POINTS 2000 and REVIEW_FOUR_EYES_POINTS 10000
// by default): the ledger entry, the balance, the four eyes, the refusal, the reversal and the audit.

let t: TestApp;
let ana: string;
let memberId: string;
let carla: EnrolledStaff;
let dora: EnrolledStaff;
let eva: EnrolledStaff;
let rafael: EnrolledStaff;

beforeEach(async () => {
  t = await createTestApp();
  ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
  memberId = String((await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id);
  carla = await enrolStaff(t, { email: 'carla@clube.test', roles: ['admin'], name: 'Carla Chefe' });
  dora = await enrolStaff(t, { email: 'dora@clube.test', roles: ['admin'], name: 'Dora Diretora' });
  eva = await enrolStaff(t, { email: 'eva@clube.test', roles: ['admin'], name: 'Eva Gerente' });
  rafael = await enrolStaff(t, { email: 'rafael@clube.test', roles: ['atendimento', 'revisor'], name: 'Rafael' });
});
afterEach(() => t.close());

const FIELDS = `memberName balance fourEyesPoints
  pending { id points reason status requestedBy mine }
  adjustments { id points reason status mine decidedBy refusalReason reversedBy reversalReason }`;
const READ = `query ($id: ID!) { staffMemberPointsAdjustments(id: $id) { ${FIELDS} } }`;
const ADJUST = `mutation ($id: ID!, $points: Int!, $reason: String!, $confirmed: Boolean) {
  staffAdjustMemberPoints(id: $id, points: $points, reason: $reason, confirmed: $confirmed) { ${FIELDS} }
}`;
const CONFIRM = `mutation ($id: ID!) { staffConfirmPointsAdjustment(adjustmentId: $id) { ${FIELDS} } }`;
const REFUSE = `mutation ($id: ID!, $reason: String!) {
  staffRefusePointsAdjustment(adjustmentId: $id, reason: $reason) { ${FIELDS} }
}`;
const REVERSE = `mutation ($id: ID!, $reason: String!) {
  staffReversePointsAdjustment(adjustmentId: $id, reason: $reason) { ${FIELDS} }
}`;
const EXTRACT = '{ pointsEntries(first: 5) { data { id kind points description } } }';

interface Adjustment {
  id: string;
  points: number;
  reason: string;
  status: string;
  mine: boolean;
  requestedBy?: string;
  decidedBy: string | null;
  refusalReason: string | null;
  reversedBy: string | null;
  reversalReason: string | null;
}
interface Adjustments {
  memberName: string;
  balance: number;
  fourEyesPoints: number;
  pending: Adjustment | null;
  adjustments: Adjustment[];
}

const adjust = (who: EnrolledStaff, points: number, reason: string, confirmed?: boolean) =>
  painelGql<{ staffAdjustMemberPoints: Adjustments }>(
    t.app,
    ADJUST,
    { id: memberId, points, reason, confirmed },
    who.token,
  );
const confirm = (who: EnrolledStaff, id: string) =>
  painelGql<{ staffConfirmPointsAdjustment: Adjustments }>(t.app, CONFIRM, { id }, who.token);
const balance = async () => (await getBalance(t.db, Number(memberId))).balance;
const adjustmentEntries = () =>
  t.db
    .selectFrom('points_ledger')
    .select(['id', 'kind', 'points', 'description'])
    .where('user_id', '=', Number(memberId))
    .where('kind', '=', 'adjustment')
    .orderBy('id')
    .execute();
const auditLines = () =>
  t.db
    .selectFrom('staff_audit')
    .select(['action', 'actor_name', 'role', 'object_type', 'after'])
    .where('object_type', '=', 'adjustment')
    .orderBy('id')
    .execute();
const errorOf = (res: { errors?: readonly { message: string; extensions?: Record<string, unknown> }[] }) => ({
  code: res.errors?.[0]?.extensions?.code,
  message: res.errors?.[0]?.message,
});

it('is an admin’s alone: support and reviewers are refused, and nothing is written', async () => {
  expect(errorOf(await adjust(rafael, 150, 'Cortesia'))).toMatchObject({ code: 'FORBIDDEN' });
  expect(errorOf(await painelGql(t.app, READ, { id: memberId }, rafael.token))).toMatchObject({ code: 'FORBIDDEN' });
  expect(await adjustmentEntries()).toEqual([]);
  expect(await auditLines()).toEqual([]);
});

it('validates the points and the reason once, with pt-BR messages under the fields', async () => {
  for (const points of [0, 1_000_001, -1_000_001]) {
    const res = await adjust(carla, points, 'Cortesia');
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { points: ADJUSTMENT_MESSAGES.points },
    });
  }
  for (const reason of ['', 'ok', 'x'.repeat(501)]) {
    const res = await adjust(carla, 10, reason);
    expect(res.errors?.[0]?.extensions).toMatchObject({ fields: { reason: ADJUSTMENT_MESSAGES.reason } });
  }
  expect(errorOf(await painelGql(t.app, READ, { id: '999999' }, carla.token))).toMatchObject({
    code: 'NOT_FOUND',
  });
  expect(await adjustmentEntries()).toEqual([]);
});

it('credits a lot the member reads in the extract with the reason, tells them, and audits the admin', async () => {
  const before = await balance();
  const res = await adjust(carla, 150, '  Compensação pela nota   perdida ');
  expect(res.errors).toBeUndefined();
  const state = res.data!.staffAdjustMemberPoints;
  expect(state.pending).toBeNull();
  expect(state.adjustments[0]).toMatchObject({
    points: 150,
    status: 'applied',
    reason: 'Compensação pela nota perdida',
  });
  expect(state.balance).toBe(before + 150);
  expect(await balance()).toBe(before + 150);
  const [entry] = await adjustmentEntries();
  expect(entry).toMatchObject({ points: 150, description: 'Ajuste: Compensação pela nota perdida' });
  const lot = await t.db
    .selectFrom('points_ledger')
    .select('expires_at')
    .where('id', '=', entry!.id)
    .executeTakeFirst();
  expect(lot!.expires_at).not.toBeNull();

  const extract = await gql<{ pointsEntries: { data: { kind: string; points: number; description: string }[] } }>(
    t.app,
    EXTRACT,
    {},
    { authorization: `Bearer ${ana}` },
  );
  expect(extract.data!.pointsEntries.data[0]).toMatchObject({
    kind: 'ADJUSTMENT',
    points: 150,
    description: 'Ajuste: Compensação pela nota perdida',
  });
  const notice = await t.db
    .selectFrom('notifications')
    .select(['title', 'body', 'url'])
    .where('user_id', '=', Number(memberId))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  expect(notice).toMatchObject({ title: 'Ajuste de pontos', url: '/historico' });
  expect(notice!.body).toContain('+150 pontos');

  const [line] = await auditLines();
  expect(line).toMatchObject({
    action: 'adjustment.apply',
    role: 'admin',
    actor_name: 'Carla Chefe <carla@clube.test>',
  });
  expect(JSON.parse(line!.after!)).toMatchObject({
    points: 150,
    reason: 'Compensação pela nota perdida',
    balance: before + 150,
  });
});

it('debits like a redemption and never below zero', async () => {
  const before = await balance();
  const refused = await adjust(carla, -(before + 1), 'Pontos dados em dobro');
  expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  expect(refused.errors?.[0]?.message).toMatch(/^Saldo insuficiente: o membro tem/);
  expect(await balance()).toBe(before);

  await adjust(carla, 40, 'Crédito para teste');
  const res = await adjust(carla, -30, 'Pontos dados em dobro');
  expect(res.errors).toBeUndefined();
  expect(await balance()).toBe(before + 10);
  expect((await adjustmentEntries()).map((e) => e.points)).toEqual([40, -30]);
});

it('above the threshold waits for another admin: the asker cannot confirm, another confirms once', async () => {
  const before = await balance();
  const asked = await adjust(carla, 12_000, 'Campanha da loja parceira', true);
  expect(asked.errors).toBeUndefined();
  const pending = asked.data!.staffAdjustMemberPoints.pending!;
  expect(pending).toMatchObject({
    points: 12_000,
    status: 'pending',
    mine: true,
    requestedBy: 'Carla Chefe <carla@clube.test>',
  });
  expect(await balance()).toBe(before);
  expect(await adjustmentEntries()).toEqual([]);

  // A second request while one waits is refused.
  expect((await adjust(dora, 5, 'Outro ajuste')).errors?.[0]?.message).toMatch(
    /já pediu um ajuste de \+12\.000 pontos/,
  );
  // The asker's confirmation is refused.
  expect(errorOf(await confirm(carla, pending.id))).toMatchObject({ code: 'FORBIDDEN' });
  expect(
    (await painelGql<{ staffMemberPointsAdjustments: Adjustments }>(t.app, READ, { id: memberId }, dora.token)).data!
      .staffMemberPointsAdjustments.pending,
  ).toMatchObject({ id: pending.id, mine: false });

  // Two admins confirm at once: the points land once.
  const results = await Promise.all([confirm(dora, pending.id), confirm(eva, pending.id)]);
  expect(results.filter((r) => r.errors === undefined)).toHaveLength(1);
  expect(results.find((r) => r.errors)!.errors![0]!.message).toBe(ADJUSTMENT_MESSAGES.notPending);
  expect(await balance()).toBe(before + 12_000);
  expect((await adjustmentEntries()).map((e) => e.points)).toEqual([12_000]);
  expect((await auditLines()).map((l) => l.action)).toEqual(['adjustment.approve-request', 'adjustment.apply']);

  // The painel home's large credits of the last 7 days list it, linked by the member.
  const large = await painelGql<{ staffLargeCredits: { subject: string; subjectId: string; points: number }[] }>(
    t.app,
    '{ staffLargeCredits { subject subjectId points label approvedBy } }',
    {},
    carla.token,
  );
  expect(large.data!.staffLargeCredits).toContainEqual(
    expect.objectContaining({
      subject: 'adjustment',
      subjectId: memberId,
      points: 12_000,
      label: 'Campanha da loja parceira',
    }),
  );
});

it('a large one must be confirmed by the one who asks', async () => {
  const res = await adjust(carla, 2_500, 'Cortesia grande');
  expect(res.errors?.[0]?.extensions).toMatchObject({
    code: 'BAD_USER_INPUT',
    fields: { confirmed: expect.any(String) },
  });
  expect((await adjust(carla, 2_500, 'Cortesia grande', true)).errors).toBeUndefined();
});

it('a pending request can be refused with a reason: nothing reaches the ledger', async () => {
  const before = await balance();
  const asked = await adjust(carla, -10_500, 'Débito grande', true);
  // A debit above the balance is refused before any request.
  expect(asked.errors?.[0]?.message).toMatch(/^Saldo insuficiente/);
  const pending = (await adjust(carla, 20_000, 'Pedido grande', true)).data!.staffAdjustMemberPoints.pending!;
  const noReason = await painelGql(t.app, REFUSE, { id: pending.id, reason: ' ' }, dora.token);
  expect(noReason.errors?.[0]?.extensions).toMatchObject({ fields: { reason: ADJUSTMENT_MESSAGES.refuseReason } });
  const refused = await painelGql<{ staffRefusePointsAdjustment: Adjustments }>(
    t.app,
    REFUSE,
    { id: pending.id, reason: 'Sem comprovante' },
    dora.token,
  );
  expect(refused.errors).toBeUndefined();
  expect(refused.data!.staffRefusePointsAdjustment.pending).toBeNull();
  expect(refused.data!.staffRefusePointsAdjustment.adjustments[0]).toMatchObject({
    status: 'refused',
    refusalReason: 'Sem comprovante',
    decidedBy: 'Dora Diretora <dora@clube.test>',
  });
  expect(errorOf(await confirm(eva, pending.id)).message).toBe(ADJUSTMENT_MESSAGES.notPending);
  expect(await balance()).toBe(before);
  expect(await adjustmentEntries()).toEqual([]);
  expect((await auditLines()).map((l) => l.action)).toEqual(['adjustment.approve-request', 'adjustment.refuse']);
});

it('reverses an applied adjustment with a linked opposite entry that restores the balance, once', async () => {
  const before = await balance();
  const credit = (await adjust(carla, 300, 'Cortesia')).data!.staffAdjustMemberPoints.adjustments[0]!;
  const debit = (await adjust(carla, -100, 'Débito indevido')).data!.staffAdjustMemberPoints.adjustments[0]!;
  expect(await balance()).toBe(before + 200);

  const reversed = await painelGql<{ staffReversePointsAdjustment: Adjustments }>(
    t.app,
    REVERSE,
    { id: credit.id, reason: 'Lançado no membro errado' },
    dora.token,
  );
  expect(reversed.errors).toBeUndefined();
  expect(reversed.data!.staffReversePointsAdjustment.adjustments.find((a) => a.id === credit.id)).toMatchObject({
    status: 'reversed',
    reversalReason: 'Lançado no membro errado',
    reversedBy: 'Dora Diretora <dora@clube.test>',
  });
  await painelGql(t.app, REVERSE, { id: debit.id, reason: 'Débito era indevido' }, dora.token);
  expect(await balance()).toBe(before);

  const again = await painelGql(t.app, REVERSE, { id: credit.id, reason: 'De novo' }, dora.token);
  expect(again.errors?.[0]?.message).toBe(ADJUSTMENT_MESSAGES.notApplied);

  const entries = await adjustmentEntries();
  expect(entries.map((e) => [e.points, e.description])).toEqual([
    [300, 'Ajuste: Cortesia'],
    [-100, 'Ajuste: Débito indevido'],
    [-300, 'Estorno de ajuste: Lançado no membro errado'],
    [100, 'Estorno de ajuste: Débito era indevido'],
  ]);
  // The first entries are never edited; each adjustment names the entry that undid it.
  const rows = await t.db.selectFrom('points_adjustments').selectAll().orderBy('id').execute();
  expect(rows.map((r) => [r.entry_id, r.reversal_entry_id])).toEqual([
    [entries[0]!.id, entries[2]!.id],
    [entries[1]!.id, entries[3]!.id],
  ]);
  expect((await auditLines()).map((l) => l.action)).toEqual([
    'adjustment.apply',
    'adjustment.apply',
    'adjustment.reverse',
    'adjustment.reverse',
  ]);
});

it('the terminal adjusts as its operator, audited as the terminal', async () => {
  const deps = { db: t.db, config: t.config };
  const row = await adjustPoints(deps, terminalActor('operador'), Number(memberId), {
    points: 25,
    reason: 'Ajuste do balcão',
  });
  expect(row.status).toBe('applied');
  const [line] = await auditLines();
  expect(line).toMatchObject({ action: 'adjustment.apply', actor_name: 'operador', role: null });
});
