import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, loginAs, type FakeClock, type TestApp } from '../../test/helpers';
import { enrolStaff, painelGql } from '../../test/staff';
import { approveInvoice } from '../invoices';
import { JPEG, newKey, submit } from '../invoices/test/upload-helpers';
import { createMember } from '../users/repository';
import { terminalActor } from '../staff';

/** Who the audit names for the reviews these tests make. */
const reviewer = terminalActor('ti.joao');

let t: TestApp;
let clock: FakeClock;

// Thursday 19 November 2026, 12:00 in São Paulo; Friday 20 is a national holiday.
const SENT_AT = Date.parse('2026-11-19T15:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  clock = fakeClock(SENT_AT);
  t = await createTestApp({ now: clock.now });
});
afterEach(() => t.app.close());

const DASHBOARD = `query {
  staffDashboard {
    deadlineBusinessDays
    queues { kind waiting oldestAt oldestBusinessDays late held }
    approvalsToday { name invoices projects }
    approvedTodayInvoices approvedTodayProjects
    points { month credited spent expired outstanding }
    signUps { day count }
  }
}`;
interface Dashboard {
  deadlineBusinessDays: number;
  queues: { kind: string; waiting: number; oldestAt: string | null; oldestBusinessDays: number | null; late: number }[];
  approvalsToday: { name: string; invoices: number; projects: number }[];
  approvedTodayInvoices: number;
  approvedTodayProjects: number;
  points: { month: string; credited: number; spent: number; expired: number; outstanding: number };
  signUps: { day: string; count: number }[];
}

const read = async (token: string) => {
  const res = await painelGql<{ staffDashboard: Dashboard }>(t.app, DASHBOARD, {}, token);
  expect(res.errors).toBeUndefined();
  return res.data!.staffDashboard;
};
const queue = (d: Dashboard, kind: string) => d.queues.find((q) => q.kind === kind)!;

describe('the painel home', () => {
  it('holds what waits against the rule book, and moves with each approval, credit and sign-up', async () => {
    const ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
    const late = await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'nota.jpg', content: JPEG }]);
    // Monday 23 (the weekend and Friday's holiday in between).
    clock.advance(4 * DAY_MS);
    // The member's access token is short-lived: they sign in again another day.
    const anaNextDay = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
    const onTime = await submit(t.app, anaNextDay, { accessKey: newKey() }, [{ name: 'nota.jpg', content: JPEG }]);
    expect(onTime.errors).toBeUndefined();
    // Monday 30 November: the first has waited 6 business days (23 to 27, and 30), the second 5 (24 to 30).
    clock.advance(7 * DAY_MS);
    const rafael = await enrolStaff(t, { email: 'rafael@clube.test', roles: ['revisor'], name: 'Rafael Revisor' });
    const joana = await enrolStaff(t, { email: 'joana@clube.test', roles: ['lojas'], name: 'Joana Lojas' });

    const before = await read(joana.token);
    expect(before.deadlineBusinessDays).toBe(5);
    expect(queue(before, 'invoices')).toMatchObject({ waiting: 2, late: 1, oldestBusinessDays: 6 });
    expect(queue(before, 'invoices').oldestAt).toBe(new Date(SENT_AT).toISOString());
    expect(before.points.month).toBe('2026-11');
    expect(before.signUps).toHaveLength(30);
    expect(before.signUps.at(-1)?.day).toBe('2026-11-30');
    expect(before.signUps[0]?.day).toBe('2026-11-01');

    const id = late.data!.submitInvoice.id;
    await painelGql(t.app, 'mutation ($id: ID!) { staffTakeInvoice(id: $id) { mine } }', { id }, rafael.token);
    const approved = await painelGql(
      t.app,
      'mutation ($id: ID!) { staffApproveInvoice(id: $id, items: [{ gtin: "7893216101004", quantity: "1", valueCents: 12000 }]) { status } }',
      { id },
      rafael.token,
    );
    expect(approved.errors).toBeUndefined();
    // The terminal's approval counts in the day's total, not as a reviewer of the painel.
    await approveInvoice(t, reviewer, Number(onTime.data!.submitInvoice.id), 80);
    await createMember(
      t.db,
      {
        name: 'Bia',
        surName: 'Lima',
        cpf: '11144477735',
        email: 'bia@exemplo.com.br',
        password: 'Senha#forte1',
      },
      new Date(clock.now()),
    );

    const after = await read(joana.token);
    expect(queue(after, 'invoices')).toMatchObject({ waiting: 0, late: 0, oldestAt: null, oldestBusinessDays: null });
    expect(after.approvalsToday).toEqual([{ name: 'Rafael Revisor', invoices: 1, projects: 0 }]);
    expect(after.approvedTodayInvoices).toBe(before.approvedTodayInvoices + 2);
    expect(after.points.credited).toBe(before.points.credited + 200);
    expect(after.points.outstanding).toBe(before.points.outstanding + 200);
    expect(after.signUps.at(-1)?.count).toBe(before.signUps.at(-1)!.count + 1);
  });

  it('is for staff only: a member token and no token read nothing', async () => {
    const ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
    for (const token of [ana, undefined]) {
      const res = await painelGql(t.app, DASHBOARD, {}, token);
      expect(res.data ?? null).toBeNull();
      expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});
