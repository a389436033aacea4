import { print } from 'graphql';
import { QNotificationsDocument } from '../../lib/notifications/operations.generated';
import { STAFF_ROLES } from '../../common/painel/roles';
import { expiryJob } from '../modules/points/expiry-job';
import { generateClub, type GeneratedClub } from './generated-club';
import { createTestApp, gql, loginAs, type TestApp } from './helpers';
import { HOT_OPERATIONS } from './hot-operations';
import { captureStatements, explain, fullScans, isRead, type Statement } from './query-plans';
import { freshSession, painelGql } from './staff';

/**
 * The guard of issue #45 (PostgreSQL only: plans are the planner's): every statement of the hot list, run against a
 * small generated club and explained with sequential scans switched off, must reach the big tables by an index. At
 * this size a whole-table read is honestly cheaper, so the planner would pick it anyway; with `enable_seqscan = off`
 * only a statement that has no index to use still shows a Seq Scan — the one that reads 4 M rows at 200,000 members.
 */
const GUARDED_TABLES = ['points_ledger', 'invoices', 'invoice_events', 'users', 'device_sessions', 'notifications'];
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let club: GeneratedClub;
let staffToken: string;
let memberToken: string;

beforeAll(async () => {
  t = await createTestApp();
  club = await generateClub(t.db, { members: 200, now: new Date(t.config.now()) });
  const staff = await t.db.selectFrom('staff_accounts').select(['id', 'email']).orderBy('id').executeTakeFirstOrThrow();
  await t.db
    .insertInto('staff_roles')
    .values(STAFF_ROLES.map((role) => ({ staff_id: staff.id, role })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  staffToken = await freshSession(t, { ...staff, roles: STAFF_ROLES });
  memberToken = (await loginAs(t.app, club.heavyMemberEmail, club.password)).token;
});

afterAll(() => t.close());

/** Each read among `statements` that scans a guarded table whole, as "plan node ← SQL". */
async function wholeTableReads(statements: readonly Statement[]): Promise<string[]> {
  const found: string[] = [];
  // One plan per SQL text: the job sends the same few statements for every member it opens.
  const distinct = new Map(statements.filter(isRead).map((s) => [s.sql, s]));
  for (const statement of distinct.values()) {
    const scans = fullScans(await explain(t.db, statement, { forceIndexes: true }));
    for (const scan of scans.filter((s) => GUARDED_TABLES.includes(s.table ?? ''))) {
      found.push(`${scan.text} ← ${statement.sql.replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

async function captured(work: () => Promise<unknown>): Promise<Statement[]> {
  const capture = captureStatements(t.db);
  try {
    await work();
    return capture.take();
  } finally {
    capture.stop();
  }
}

it.each(HOT_OPERATIONS.map((op) => [op.name, op] as const))('%s reads no big table whole', async (_name, op) => {
  let errors: unknown;
  const statements = await captured(async () => {
    const variables = op.variables(club);
    const res =
      op.endpoint === 'member'
        ? await gql(t.app, op.query, variables, { authorization: `Bearer ${memberToken}` })
        : await painelGql(t.app, op.query, variables, staffToken);
    errors = res.errors;
  });
  expect(errors).toBeUndefined();
  expect(statements.filter(isRead).length).toBeGreaterThan(0);
  expect(await wholeTableReads(statements)).toEqual([]);
});

it('the daily expiry job, the next day, reads only the members and lots due', async () => {
  const statements = await captured(() => expiryJob(t.db, () => t.config.now() + DAY_MS).run());
  expect(statements.filter(isRead).length).toBeGreaterThan(0);
  expect(await wholeTableReads(statements)).toEqual([]);
});

it('the inbox, its first page and the next, reads the member’s notices by their (user, date, id) index', async () => {
  const query = print(QNotificationsDocument);
  const headers = { authorization: `Bearer ${memberToken}` };
  let cursor: string | null | undefined;
  const statements = await captured(async () => {
    const first = await gql<{ notifications: { nextCursor: string | null } }>(t.app, query, { first: 2 }, headers);
    cursor = first.data?.notifications.nextCursor;
    const next = await gql(t.app, query, { first: 2, after: cursor }, headers);
    expect(next.errors).toBeUndefined();
  });
  expect(cursor).toEqual(expect.any(String));
  expect(await wholeTableReads(statements)).toEqual([]);
  // Each page is a seek into the index already in the list's order: no sort of the member's whole inbox.
  const pages = statements.filter((s) => isRead(s) && /order by "created_at" desc, "id" desc/.test(s.sql));
  expect(pages).toHaveLength(2);
  for (const page of pages) {
    const nodes = await explain(t.db, page, { forceIndexes: true });
    expect(nodes.map((n) => n.index)).toContain('notifications_user_created_idx');
    expect(nodes.map((n) => n.type)).not.toContain('Sort');
  }
});
