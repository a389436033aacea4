import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, loginAs, type TestApp } from '../../test/helpers';
import { codeOf, enrolStaff, painelGql, type EnrolledStaff } from '../../test/staff';
import { findUserByCpf } from '../users';
import { JPEG, newKey, nfeXml, submit } from '../invoices/test/upload-helpers';
import { jpegPhoto, submitProject, uploadPhoto, validInput } from '../projects/test/project-helpers';

// The API's own rules on large and flagged approvals of invoices and projects (REVIEW_CONFIRM_POINTS 2000 and REVIEW_FOUR_EYES_POINTS 10000
// by default): whatever a screen shows, a call without them is refused.

let t: TestApp;
let ana: string;
let rafael: EnrolledStaff;
let sofia: EnrolledStaff;
let carla: EnrolledStaff;

beforeEach(async () => {
  t = await createTestApp();
  ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
  rafael = await enrolStaff(t, { email: 'rafael@clube.test', roles: ['revisor'], name: 'Rafael Revisor' });
  sofia = await enrolStaff(t, { email: 'sofia@clube.test', roles: ['revisor'], name: 'Sofia Revisora' });
  carla = await enrolStaff(t, { email: 'carla@clube.test', roles: ['admin'], name: 'Carla Chefe' });
});
afterEach(() => t.close());

const TAKE = 'mutation ($id: ID!) { staffTakeInvoice(id: $id) { mine } }';
const APPROVE = `mutation ($id: ID!, $points: Int, $items: [StaffKeyedItemInput!], $confirmed: Boolean) {
  staffApproveInvoice(id: $id, points: $points, items: $items, confirmed: $confirmed) {
    status points approvalRequest { points requestedBy mine }
  }
}`;
const CONFIRM = 'mutation ($id: ID!) { staffConfirmInvoiceApproval(id: $id) { status points approvalRequest { id } } }';
const REVERSE = `mutation ($id: ID!, $reason: String!) {
  staffReverseInvoiceApproval(id: $id, reason: $reason) { status rejectionReason }
}`;
const PENDING = '{ staffPendingApprovals { subject subjectId points requestedBy mine } }';

type Approve = {
  staffApproveInvoice: {
    status: string;
    points: number | null;
    approvalRequest: { points: number; requestedBy: string; mine: boolean } | null;
  };
};

const photo = async () =>
  (await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'nota.jpg', content: JPEG }])).data!.submitInvoice.id;

const take = async (id: string, who: EnrolledStaff) =>
  expect((await painelGql(t.app, TAKE, { id }, who.token)).data).toEqual({ staffTakeInvoice: { mine: true } });

/** A photo's approval: one keyed line of the brand's MDF worth `points` by the base rule (1 point per R$ 1). */
const approve = (id: string, points: number, who: EnrolledStaff, confirmed?: boolean) =>
  painelGql<Approve>(
    t.app,
    APPROVE,
    { id, items: [{ gtin: '7893216101004', quantity: '1', valueCents: points * 100 }], confirmed },
    who.token,
  );

/** An XML's approval with the points given. */
const approvePoints = (id: string, points: number, who: EnrolledStaff, confirmed?: boolean) =>
  painelGql<Approve>(t.app, APPROVE, { id, points, confirmed }, who.token);

async function ledgerOf(invoiceId: string) {
  return t.db
    .selectFrom('points_ledger')
    .select(['kind', 'points'])
    .where('invoice_id', '=', Number(invoiceId))
    .orderBy('id')
    .execute();
}

const auditOf = (invoiceId: string) =>
  t.db
    .selectFrom('staff_audit')
    .select(['actor_name', 'action', 'after'])
    .where('object_type', '=', 'invoice')
    .where('object_id', '=', invoiceId)
    .where('action', '!=', 'invoice.take')
    .orderBy('id')
    .execute();

describe('an approval that asks for a confirmation', () => {
  it('is refused unconfirmed above REVIEW_CONFIRM_POINTS or with a flag, and credits nothing until confirmed', async () => {
    const large = await photo();
    await take(large, rafael);
    const unconfirmed = await approve(large, 2001, rafael);
    expect(codeOf(unconfirmed)).toBe('BAD_USER_INPUT');
    expect(unconfirmed.errors?.[0]?.extensions).toMatchObject({
      fields: { confirmed: 'Aprovação grande (2.001 pontos): confirme o membro e os pontos.' },
    });
    expect(await ledgerOf(large)).toEqual([]);
    expect((await approve(large, 2000, rafael)).data?.staffApproveInvoice.status).toBe('approved');

    // An XML of another buyer's CPF is flagged: even a few points ask for the confirmation.
    const key = newKey();
    const sent = await submit(t.app, ana, { accessKey: key }, [
      { name: 'nota.xml', content: nfeXml(key, '11144477735', new Date(t.config.now()).toISOString()) },
    ]);
    const flagged = sent.data!.submitInvoice.id;
    await take(flagged, rafael);
    expect(codeOf(await approvePoints(flagged, 10, rafael))).toBe('BAD_USER_INPUT');
    expect((await approvePoints(flagged, 10, rafael, true)).data?.staffApproveInvoice).toMatchObject({
      status: 'approved',
      points: 10,
    });
  });
});

describe('an approval above REVIEW_FOUR_EYES_POINTS', () => {
  it('is a request until another staff account confirms it; then the points are credited once', async () => {
    const id = await photo();
    await take(id, rafael);
    const asked = await approve(id, 250_000, rafael, true);
    expect(asked.data?.staffApproveInvoice).toEqual({
      status: 'in_review',
      points: null,
      approvalRequest: { points: 250_000, requestedBy: 'Rafael Revisor', mine: true },
    });
    expect(await ledgerOf(id)).toEqual([]);

    // The one who asked can neither confirm it nor ask again, even holding it again.
    await take(id, rafael);
    expect(codeOf(await painelGql(t.app, CONFIRM, { id }, rafael.token))).toBe('FORBIDDEN');
    expect(codeOf(await approve(id, 250_000, rafael, true))).toBe('BAD_USER_INPUT');
    expect(await ledgerOf(id)).toEqual([]);
    await painelGql(t.app, 'mutation ($id: ID!) { staffReleaseInvoice(id: $id) }', { id }, rafael.token);

    // Every reviewer sees what waits for a second person.
    expect((await painelGql(t.app, PENDING, {}, sofia.token)).data).toEqual({
      staffPendingApprovals: [
        { subject: 'invoice', subjectId: id, points: 250_000, requestedBy: 'Rafael Revisor', mine: false },
      ],
    });

    await take(id, sofia);
    expect((await painelGql(t.app, CONFIRM, { id }, sofia.token)).data).toEqual({
      staffConfirmInvoiceApproval: { status: 'approved', points: 250_000, approvalRequest: null },
    });
    expect(await ledgerOf(id)).toEqual([{ kind: 'credit', points: 250_000 }]);
    expect((await painelGql(t.app, PENDING, {}, sofia.token)).data).toEqual({ staffPendingApprovals: [] });
    // The home lists it among the week's large credits, with who credited it.
    const home = await painelGql(
      t.app,
      '{ staffLargeCredits { subject subjectId memberName points approvedBy } }',
      {},
      carla.token,
    );
    expect(home.data).toEqual({
      staffLargeCredits: [
        {
          subject: 'invoice',
          subjectId: id,
          memberName: expect.stringMatching(/^Ana /),
          points: 250_000,
          approvedBy: 'Sofia Revisora <sofia@clube.test>',
        },
      ],
    });
    expect(await auditOf(id)).toEqual([
      {
        actor_name: 'Rafael Revisor <rafael@clube.test>',
        action: 'invoice.approve-request',
        after: JSON.stringify({ status: 'in_review', requestedPoints: 250_000, keyedItems: 1 }),
      },
      {
        actor_name: 'Sofia Revisora <sofia@clube.test>',
        action: 'invoice.approve',
        after: JSON.stringify({ status: 'approved', points: 250_000, requestedBy: 'Rafael Revisor', keyedItems: 1 }),
      },
    ]);
  });

  it('ends with the invoice refused instead: nothing credited, nothing left to confirm', async () => {
    const id = await photo();
    await take(id, rafael);
    await approve(id, 50_000, rafael, true);
    await take(id, sofia);
    const refused = await painelGql(
      t.app,
      'mutation ($id: ID!) { staffRejectInvoice(id: $id, reason: "Foto de outra nota") { status } }',
      { id },
      sofia.token,
    );
    expect(refused.data).toEqual({ staffRejectInvoice: { status: 'rejected' } });
    expect((await painelGql(t.app, PENDING, {}, rafael.token)).data).toEqual({ staffPendingApprovals: [] });
    expect(await ledgerOf(id)).toEqual([]);
  });
});

describe('reversing an approval', () => {
  it('debits the points by a ledger line linked to the invoice, tells the member and audits it; an admin above the threshold', async () => {
    const small = await photo();
    await take(small, rafael);
    await approve(small, 300, rafael);
    const reversed = await painelGql(t.app, REVERSE, { id: small, reason: 'Compra devolvida à loja' }, rafael.token);
    expect(reversed.data).toEqual({
      staffReverseInvoiceApproval: { status: 'rejected', rejectionReason: 'Compra devolvida à loja' },
    });
    expect(await ledgerOf(small)).toEqual([
      { kind: 'credit', points: 300 },
      { kind: 'adjustment', points: -300 },
    ]);
    const user = await findUserByCpf(t.db, DEMO_MEMBER.cpf);
    const notice = await t.db
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('user_id', '=', user!.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({
      title: 'Aprovação de nota desfeita',
      body: expect.stringMatching(
        /^A aprovação da sua NF-e nº \d+ foi desfeita \(−300 pontos\): Compra devolvida à loja$/,
      ),
    });
    expect((await auditOf(small)).at(-1)).toEqual({
      actor_name: 'Rafael Revisor <rafael@clube.test>',
      action: 'invoice.reverse',
      after: JSON.stringify({ status: 'rejected', reversedPoints: 300, reason: 'Compra devolvida à loja' }),
    });
    // Once is all: the invoice is no longer approved.
    expect(codeOf(await painelGql(t.app, REVERSE, { id: small, reason: 'De novo' }, rafael.token))).toBe(
      'BAD_USER_INPUT',
    );

    const large = await photo();
    await take(large, rafael);
    await approve(large, 12_000, rafael, true);
    await take(large, sofia);
    await painelGql(t.app, CONFIRM, { id: large }, sofia.token);
    expect(codeOf(await painelGql(t.app, REVERSE, { id: large, reason: 'Nota falsa' }, rafael.token))).toBe(
      'FORBIDDEN',
    );
    expect((await painelGql(t.app, REVERSE, { id: large, reason: 'Nota falsa' }, carla.token)).data).toEqual({
      staffReverseInvoiceApproval: { status: 'rejected', rejectionReason: 'Nota falsa' },
    });
    expect(await ledgerOf(large)).toEqual([
      { kind: 'credit', points: 12_000 },
      { kind: 'adjustment', points: -12_000 },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Projects

const TAKE_PROJECT = 'mutation ($id: ID!) { staffTakeProject(id: $id) { mine } }';
const APPROVE_PROJECT = `mutation ($id: ID!, $points: Int!, $confirmed: Boolean) {
  staffApproveProject(id: $id, points: $points, confirmed: $confirmed) {
    status points approvalRequest { points requestedBy mine }
  }
}`;
const CONFIRM_PROJECT = 'mutation ($id: ID!) { staffConfirmProjectApproval(id: $id) { status points } }';
const PUBLISH = 'mutation ($id: ID!) { staffPublishProject(id: $id) { published } }';
const UNPUBLISH =
  'mutation ($id: ID!, $reason: String!) { staffUnpublishProject(id: $id, reason: $reason) { published } }';

async function sendProject(): Promise<string> {
  const photo = await uploadPhoto(t.app, ana, await jpegPhoto(640, 480, '#a0522d'));
  const sent = await submitProject(
    t.app,
    ana,
    [photo.data!.uploadProjectPhoto.id],
    validInput({ title: 'Mesa de jantar', publishConsent: true }),
  );
  return sent.data!.submitProject.id;
}

const takeProject = (id: string, who: EnrolledStaff) => painelGql(t.app, TAKE_PROJECT, { id }, who.token);
const credited = (id: string) =>
  t.db.selectFrom('points_ledger').select('points').where('project_id', '=', Number(id)).execute();

describe('a large project approval', () => {
  it('asks for a confirmation, then is a request that only another staff account credits', async () => {
    const id = await sendProject();
    await takeProject(id, rafael);
    expect(codeOf(await painelGql(t.app, APPROVE_PROJECT, { id, points: 15_000 }, rafael.token))).toBe(
      'BAD_USER_INPUT',
    );
    const asked = await painelGql(t.app, APPROVE_PROJECT, { id, points: 15_000, confirmed: true }, rafael.token);
    expect(asked.data).toEqual({
      staffApproveProject: {
        status: 'in_review',
        points: null,
        approvalRequest: { points: 15_000, requestedBy: 'Rafael Revisor', mine: true },
      },
    });
    await takeProject(id, rafael);
    expect(codeOf(await painelGql(t.app, CONFIRM_PROJECT, { id }, rafael.token))).toBe('FORBIDDEN');
    expect(await credited(id)).toEqual([]);
    await painelGql(t.app, 'mutation ($id: ID!) { staffReleaseProject(id: $id) }', { id }, rafael.token);

    await takeProject(id, sofia);
    expect((await painelGql(t.app, CONFIRM_PROJECT, { id }, sofia.token)).data).toEqual({
      staffConfirmProjectApproval: { status: 'approved', points: 15_000 },
    });
    expect(await credited(id)).toEqual([{ points: 15_000 }]);
  });
});

describe('unpublishing a project', () => {
  it('takes a published project off the public pages with a reason in the audit; the points stay', async () => {
    const id = await sendProject();
    await takeProject(id, rafael);
    await painelGql(t.app, APPROVE_PROJECT, { id, points: 500 }, rafael.token);
    expect((await painelGql(t.app, PUBLISH, { id }, rafael.token)).data).toEqual({
      staffPublishProject: { published: true },
    });
    expect(codeOf(await painelGql(t.app, UNPUBLISH, { id, reason: '' }, rafael.token))).toBe('BAD_USER_INPUT');
    expect(
      (await painelGql(t.app, UNPUBLISH, { id, reason: 'Foto mostra o rosto de um cliente' }, rafael.token)).data,
    ).toEqual({
      staffUnpublishProject: { published: false },
    });
    expect(codeOf(await painelGql(t.app, UNPUBLISH, { id, reason: 'De novo' }, rafael.token))).toBe('BAD_USER_INPUT');
    expect(await credited(id)).toEqual([{ points: 500 }]);
    const line = await t.db
      .selectFrom('staff_audit')
      .select(['actor_name', 'after'])
      .where('action', '=', 'project.unpublish')
      .executeTakeFirstOrThrow();
    expect(line).toEqual({
      actor_name: 'Rafael Revisor <rafael@clube.test>',
      after: JSON.stringify({ published: false, reason: 'Foto mostra o rosto de um cliente' }),
    });
  });
});
