import '../../test/esm-shims';
import type { FakeClock, SharedTestApps } from '../../test/helpers';
import { codeOf, enrolStaff, painelGql, type EnrolledStaff } from '../../test/staff';
import { reviewClub } from './test/review-setup';
import { JPEG, newKey, submit } from './test/upload-helpers';

// The queue's decisions on a selection: refusing copies with one reason, and giving invoices to a reviewer.
let s: SharedTestApps, clock: FakeClock, ana: string, bia: string, rafael: EnrolledStaff, sofia: EnrolledStaff;

beforeEach(async () => {
  ({ s, clock, ana, bia, rafael, sofia } = await reviewClub());
});
afterEach(() => s.close());

const REJECT_COPIES = `mutation ($ids: [ID!]!, $reason: String!) {
  staffRejectCopies(ids: $ids, reason: $reason) { done skipped { id message } }
}`;
const ASSIGN = `mutation ($ids: [ID!]!, $staffId: ID) {
  staffAssignInvoices(ids: $ids, staffId: $staffId) { done skipped { id message } }
}`;
const QUEUE = `query ($filter: StaffInvoiceFilter) {
  staffInvoiceQueue(filter: $filter, first: 50) { rows { id status assignee { staffName mine } } total }
}`;
const REVIEWERS = '{ staffReviewers { id name email } }';

type Bulk = { done: string[]; skipped: { id: string; message: string }[] };

let serial = 0;
/** A photo sent now: with the bytes given (a copy), else bytes of its own. */
async function photo(token: string, content?: Buffer) {
  serial += 1;
  const bytes = content ?? Buffer.concat([JPEG, Buffer.from(` foto ${serial}`)]);
  const sent = await submit(s.apps[0]!, token, { accessKey: newKey() }, [{ name: 'nota.jpg', content: bytes }]);
  clock.advance(60_000);
  return sent.data!.submitInvoice.id;
}

async function rejectCopies(ids: string[], reason: string, token = rafael.token) {
  return painelGql<{ staffRejectCopies: Bulk }>(s.apps[0]!, REJECT_COPIES, { ids, reason }, token);
}

async function assign(ids: string[], staffId: string | null, token = rafael.token) {
  return painelGql<{ staffAssignInvoices: Bulk }>(s.apps[0]!, ASSIGN, { ids, staffId }, token);
}

async function queue(filter: Record<string, unknown>, token = rafael.token) {
  const res = await painelGql<{
    staffInvoiceQueue: {
      rows: { id: string; status: string; assignee: { staffName: string; mine: boolean } | null }[];
    };
  }>(s.apps[0]!, QUEUE, { filter }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.staffInvoiceQueue.rows;
}

const auditOf = (action: string) =>
  s.db
    .selectFrom('staff_audit')
    .select(['object_id', 'actor_name', 'before', 'after'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

describe('refusing a selection of copies', () => {
  it('refuses each copy with the reason, tells its member, audits it, and leaves the original and the rest', async () => {
    const bytes = Buffer.concat([JPEG, Buffer.from(' a mesma foto')]);
    const original = await photo(ana, bytes);
    const copyBySameMember = await photo(ana, bytes);
    const copyByOther = await photo(bia, bytes);
    const unrelated = await photo(bia);

    const res = await rejectCopies([original, copyBySameMember, copyByOther, unrelated], 'Nota já enviada antes.');
    expect(res.errors).toBeUndefined();
    expect(res.data!.staffRejectCopies).toEqual({
      done: [copyBySameMember, copyByOther],
      skipped: [
        { id: original, message: 'Não é cópia de uma nota enviada antes: abra-a para decidir.' },
        { id: unrelated, message: 'Não é cópia de uma nota enviada antes: abra-a para decidir.' },
      ],
    });

    const rows = await queue({ status: 'all' });
    const statusOf = (id: string) => rows.find((r) => r.id === id)?.status;
    expect([original, copyBySameMember, copyByOther, unrelated].map(statusOf)).toEqual([
      'in_review',
      'rejected',
      'rejected',
      'in_review',
    ]);
    const lines = await auditOf('invoice.reject');
    expect(lines.map((l) => [l.object_id, JSON.parse(l.after!)])).toEqual([
      [copyBySameMember, expect.objectContaining({ reason: 'Nota já enviada antes.', copyOf: Number(original) })],
      [copyByOther, expect.objectContaining({ reason: 'Nota já enviada antes.', copyOf: Number(original) })],
    ]);
    const notices = await s.db
      .selectFrom('notifications')
      .select(['user_id', 'body'])
      .where('body', 'like', '%Nota já enviada antes.%')
      .execute();
    expect(notices).toHaveLength(2);
  });

  it('leaves a copy another reviewer has open, and one already decided', async () => {
    const bytes = Buffer.concat([JPEG, Buffer.from(' outra foto')]);
    await photo(ana, bytes);
    const open = await photo(bia, bytes);
    const decided = await photo(bia, bytes);
    await painelGql(
      s.apps[0]!,
      'mutation ($id: ID!) { staffTakeInvoice(id: $id) { mine } }',
      { id: open },
      sofia.token,
    );
    expect((await rejectCopies([decided], 'Cópia de outra nota.')).errors).toBeUndefined();

    const res = await rejectCopies([open, decided], 'Cópia de outra nota.');
    expect(res.data!.staffRejectCopies).toEqual({
      done: [],
      skipped: [
        { id: open, message: 'Sofia Revisora está analisando esta nota. Abra outra.' },
        { id: decided, message: 'Esta nota já foi analisada.' },
      ],
    });
  });

  it('refuses a bad reason or selection as a whole, and takes a reviewer', async () => {
    const copy = await photo(ana);
    expect(codeOf(await rejectCopies([copy], 'ok'))).toBe('BAD_USER_INPUT');
    expect(codeOf(await rejectCopies([], 'Cópia de outra nota.'))).toBe('BAD_USER_INPUT');
    const many = Array.from({ length: 51 }, (_, i) => String(i + 1));
    expect((await rejectCopies(many, 'Cópia de outra nota.')).errors?.[0]?.message).toBe(
      'Escolha de 1 a 50 notas da fila.',
    );
    const member = await painelGql(s.apps[0]!, REJECT_COPIES, { ids: [copy], reason: 'Cópia.' }, ana);
    expect(['UNAUTHENTICATED', 'FORBIDDEN']).toContain(codeOf(member));
  });
});

describe('giving invoices to a reviewer', () => {
  it('assigns a selection, shows whose it is, filters by it, moves and frees it, each audited', async () => {
    await enrolStaff(
      { app: s.apps[0]!, db: s.db, config: s.config },
      { email: 'teresa@clube.test', roles: ['atendimento'], name: 'Teresa Atendimento' },
    );
    const [a, b, c] = [await photo(ana), await photo(bia), await photo(ana)];
    expect(codeOf(await painelGql(s.apps[0]!, REVIEWERS))).toBe('UNAUTHENTICATED');
    const list = (
      await painelGql<{ staffReviewers: { id: string; name: string; email: string }[] }>(
        s.apps[0]!,
        REVIEWERS,
        {},
        rafael.token,
      )
    ).data!.staffReviewers;
    // Revisores and admins (the demo's too, where the database has them); nobody of another role.
    expect(list.map((r) => r.email)).toEqual(expect.arrayContaining(['rafael@clube.test', 'sofia@clube.test']));
    expect(list.map((r) => r.email)).not.toContain('teresa@clube.test');
    const sofiaId = list.find((r) => r.email === 'sofia@clube.test')!.id;

    expect((await assign([a, b], sofiaId)).data!.staffAssignInvoices).toEqual({ done: [a, b], skipped: [] });
    expect((await queue({}, sofia.token)).map((r) => [r.id, r.assignee])).toEqual([
      [a, { staffName: 'Sofia Revisora', mine: true }],
      [b, { staffName: 'Sofia Revisora', mine: true }],
      [c, null],
    ]);
    expect((await queue({ assigned: 'me' }, sofia.token)).map((r) => r.id)).toEqual([a, b]);
    expect((await queue({ assigned: 'me' })).map((r) => r.id)).toEqual([]);
    expect((await queue({ assigned: 'none' })).map((r) => r.id)).toEqual([c]);
    expect((await queue({ assigned: sofiaId })).map((r) => r.id)).toEqual([a, b]);
    expect((await queue({ assigned: 'ninguém' })).map((r) => r.id)).toEqual([]);

    // To Rafael, then to nobody: each change one audit line naming who had it.
    await assign([a], list.find((r) => r.email === 'rafael@clube.test')!.id, sofia.token);
    await assign([a], null);
    expect((await queue({ assigned: 'none' })).map((r) => r.id)).toEqual([a, c]);
    const lines = await auditOf('invoice.assign');
    expect(lines.map((l) => [l.object_id, JSON.parse(l.before!).to, JSON.parse(l.after!).to])).toEqual([
      [a, null, 'Sofia Revisora'],
      [b, null, 'Sofia Revisora'],
      [a, 'Sofia Revisora', 'Rafael Revisor'],
      [a, 'Rafael Revisor', null],
    ]);
    // Assigning it to whom it already is writes nothing.
    await assign([b], sofiaId);
    expect(await auditOf('invoice.assign')).toHaveLength(4);
  });

  it('refuses someone who does not review, and leaves a decided invoice', async () => {
    const waiting = await photo(ana);
    const decided = await photo(bia);
    await painelGql(
      s.apps[0]!,
      'mutation ($id: ID!) { staffTakeInvoice(id: $id) { mine } }',
      { id: decided },
      rafael.token,
    );
    await painelGql(
      s.apps[0]!,
      'mutation ($id: ID!, $reason: String!) { staffRejectInvoice(id: $id, reason: $reason) { status } }',
      { id: decided, reason: 'Foto ilegível.' },
      rafael.token,
    );
    const nobody = await assign([waiting], '999999');
    expect(nobody.errors?.[0]?.message).toBe(
      'Escolha uma pessoa da equipe que analisa notas (revisor ou admin, ativa).',
    );
    const res = await assign([waiting, decided], null);
    expect(res.data!.staffAssignInvoices).toEqual({
      done: [waiting],
      skipped: [{ id: decided, message: 'Esta nota já foi analisada.' }],
    });
  });
});
