import '../../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../app';
import type { AppConfig } from '../../config';
import type { Db, UserRow } from '../../db/schema';
import { seedDemoClubLife } from '../../seed';
import { LocalDiskStorage } from '../../storage/local-disk';
import { gql, loginAs, testConfig } from '../../test/helpers';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/test-database';
import { clubModules } from '..';
import { appendEntries } from '../points';
import { PROFILE_IMAGE_URL_PREFIX } from '../profile/profile-image';
import { inviteStaff, removeDemoStaff, terminalActor } from '../staff';
import { createMember, DEMO_MEMBER, findDemoMembers, findUserByCpf } from '../users';
import { removeDemoMembers, type RemovedDemoMember } from '.';

/**
 * The demo members as `npm start` seeds them (a year of club life, files in the storage), each kind of row a member
 * can own added by hand where the seed makes none, and a real member beside them with rows and a file of their own.
 */
let database: TestDatabase;
let db: Db;
let dataDir: string;
let storage: LocalDiskStorage;
let config: AppConfig;
let app: FastifyInstance;
let demo: UserRow[];
let other: UserRow;
/** The demo members' stored files, and the ids of their invoices, projects and reward orders, before the removal. */
let demoFiles: string[];
let owned: { invoices: number[]; projects: number[]; orders: number[] };
let otherRowsBefore: Record<string, number>;
let removed: RemovedDemoMember[];

const DEMO_DATA = '{ demoData }';
const demoData = async () => (await gql<{ demoData: boolean }>(app, DEMO_DATA)).data?.demoData;

const at = () => new Date().toISOString();

/** A profile photo's random name, as the API makes them (32 hex digits), here from a tag. */
const photoName = (tag: string) => `${createHash('md5').update(tag).digest('hex')}.jpg`;

/** Every table with a `user_id` column, from the database's own catalogue (a table added later is included). */
async function memberTables(): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.filter((t) => t.columns.some((c) => c.name === 'user_id')).map((t) => t.name);
}

async function rowsPerTable(userIds: readonly number[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await memberTables()) {
    const { rows } = await sql<{ n: number | string }>`
      SELECT count(*) AS n FROM ${sql.table(table)} WHERE user_id IN (${sql.join(userIds)})`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

const exists = async (key: string) => {
  const stored = await storage.get(key);
  stored?.body.destroy();
  return stored !== null;
};

/** Rows the seed does not make, each tied to the member the way the club ties them. */
async function addRowsOf(member: UserRow, staffId: number, tag: string): Promise<void> {
  const now = at();
  await storage.put(`profile/${photoName(tag)}`, Buffer.from('foto'), 'image/jpeg');
  await db
    .updateTable('users')
    .set({ profile_image: `${PROFILE_IMAGE_URL_PREFIX}${photoName(tag)}` })
    .where('id', '=', member.id)
    .execute();
  await db
    .insertInto('push_subscriptions')
    .values({
      user_id: member.id,
      endpoint: `https://push.exemplo.test/${tag}`,
      p256dh: 'p',
      auth: 'a',
      created_at: now,
      refreshed_at: now,
    })
    .execute();
  await db
    .insertInto('notifications')
    .values({
      user_id: member.id,
      kind: 'news',
      title: 'Novidade',
      body: 'Texto',
      url: '/',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('notification_preferences')
    .values({ user_id: member.id, kind: 'news', enabled: 0, updated_at: now })
    .execute();
  await db.insertInto('user_wood_works').values({ user_id: member.id, created_at: now, updated_at: now }).execute();
  await db
    .insertInto('consent_answers')
    .values({ user_id: member.id, accepted: 1, message: 'Aceito', answered_at: now })
    .execute();
  await db
    .insertInto('survey_responses')
    .values({ promotion_key: `promo-${tag}`, user_id: member.id, answers: '[]', created_at: now })
    .execute();
  await db
    .insertInto('partner_links')
    .values({ user_id: member.id, account_id: `conta-${tag}`, linked_at: now })
    .execute();
  await db.insertInto('partner_link_attempts').values({ user_id: member.id, created_at: now }).execute();
  await db
    .insertInto('partner_transfers')
    .values({
      user_id: member.id,
      idempotency_key: `transferencia-${tag}`,
      program: 'Programa Parceiro',
      account_id: `conta-${tag}`,
      status: 'requested',
      points: 10,
      partner_points: 10,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const [entry] = await appendEntries(
    db,
    member.id,
    [{ userId: member.id, kind: 'bonus', points: 10, description: 'Bônus' }],
    new Date(),
  );
  await db
    .insertInto('points_expiry_reminders')
    .values({ entry_id: entry!.id, threshold_days: 30, user_id: member.id, created_at: now })
    .execute();
  const times = { created_at: now, expires_at: now };
  await db
    .insertInto('email_confirmations')
    .values({ token_hash: `hash-${tag}`, user_id: member.id, email: member.email, ...times })
    .execute();
  // Rows that name the member without a foreign key: a code sent to them, a sign-up with the CPF, an e-mail.
  const code = {
    purpose: 'reset' as const,
    subject: String(member.id),
    destination: member.email,
    code_hash: 'h',
    attempts: 0,
  };
  await db
    .insertInto('verification_codes')
    .values({ id: `codigo-${tag}`, ...code, ...times })
    .execute();
  const { name, sur_name, cpf, email } = member;
  await db
    .insertInto('pending_signups')
    .values({
      id: `cadastro-${tag}`,
      name,
      sur_name,
      cpf,
      email,
      phone_number: '11900000000',
      birth_date: '1990-01-01',
      accept_email_comunications: 0,
      accept_message_comunications: 0,
      terms_accepted_at: now,
      ...times,
    })
    .execute();
  await db
    .insertInto('outbox')
    .values({ channel: 'email', recipient: member.email, subject: 'Código', body: '123456', created_at: now })
    .execute();
  // A reviewer holds one of the member's invoices.
  const invoice = await db.selectFrom('invoices').select('id').where('user_id', '=', member.id).executeTakeFirst();
  if (invoice) {
    await db
      .insertInto('review_leases')
      .values({
        subject: 'invoice',
        subject_id: invoice.id,
        staff_id: staffId,
        staff_name: 'Revisora',
        taken_at: now,
        expires_at: now,
      })
      .execute();
    // …and asked for a second person's approval of it.
    await db
      .insertInto('approval_requests')
      .values({
        subject: 'invoice',
        subject_id: invoice.id,
        label: `Nota ${invoice.id}`,
        user_id: member.id,
        points: 12_000,
        requested_by_staff_id: staffId,
        requested_by_name: 'Revisora',
        requested_at: now,
        status: 'pending',
        decided_by_name: null,
        decided_at: null,
      })
      .execute();
    // …and an admin's manual adjustment of their points was asked for and refused by another.
    await db
      .insertInto('points_adjustments')
      .values({
        user_id: member.id,
        points: 100,
        reason: 'Compensação combinada por telefone',
        status: 'refused',
        requested_by_staff_id: staffId,
        requested_by_name: 'Revisora',
        requested_at: now,
        decided_by_name: 'Administradora',
        decided_at: now,
        refusal_reason: 'Sem a nota fiscal',
        entry_id: null,
        applied_at: null,
        reversed_by_name: null,
        reversed_at: null,
        reversal_reason: null,
        reversal_entry_id: null,
      })
      .execute();
  }
  const message = await db
    .insertInto('whatsapp_messages')
    .values({
      wamid: `wamid.${tag}`,
      direction: 'in',
      wa_id: '5511900000000',
      user_id: member.id,
      kind: 'image',
      body: 'foto da nota',
      media_id: `midia${tag}`,
      created_at: now,
      send_state: null,
      next_attempt_at: null,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('whatsapp_media')
    .values({
      message_id: message.id,
      user_id: member.id,
      wa_id: '5511900000000',
      media_id: `midia${tag}`,
      mime_type: 'image/jpeg',
      file_name: null,
      access_key: null,
      state: 'needs_key',
      invoice_id: null,
      received_at: now,
      next_attempt_at: null,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
    })
    .execute();
  await db
    .insertInto('whatsapp_handovers')
    .values({ user_id: member.id, opened_at: now, closed_at: null, closed_reason: null })
    .execute();
  const notice = await db
    .insertInto('notifications')
    .values({
      user_id: member.id,
      kind: 'rewards',
      title: 'Resgate enviado',
      body: 'Seu resgate foi enviado.',
      url: '/meus-resgates',
      created_at: now,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('whatsapp_notices')
    .values({ notification_id: notice.id, user_id: member.id, message_id: message.id, outcome: 'message', at: now })
    .execute();
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-remove-demo-'));
  storage = new LocalDiskStorage(path.join(dataDir, 'uploads'));
  config = testConfig({ dataDir });
  database = await createTestDatabase();
  db = database.db;
  app = buildApp({ db, config, storage, queryCache: false });
  await app.ready();

  const ana = (await findUserByCpf(db, DEMO_MEMBER.cpf))!;
  await seedDemoClubLife(db, { config, storage }, ana);
  other = await createMember(db, {
    name: 'Otávio',
    surName: 'Lima',
    cpf: '111.444.777-35',
    email: 'otavio@loja.com.br',
    password: 'Marcenaria#2026',
    emailConfirmed: true,
  });
  await appendEntries(
    db,
    other.id,
    [{ userId: other.id, kind: 'bonus', points: 50, description: 'Boas-vindas' }],
    new Date(),
  );
  await loginAs(app, DEMO_MEMBER.email, DEMO_MEMBER.password);
  await loginAs(app, other.email, 'Marcenaria#2026');
  const reviewer = await inviteStaff({ db, config }, terminalActor('teste'), {
    name: 'Revisora',
    email: 'revisora@clube.test',
    roles: ['revisor'],
  });
  const staffId = Number(reviewer.account.id);
  demo = await findDemoMembers(db);
  for (const member of demo) await addRowsOf(member, staffId, `demo${member.id}`);
  await addRowsOf(other, staffId, `outro${other.id}`);
  // One of the demo member's orders was given a voucher code.
  const [order] = await db
    .selectFrom('reward_orders')
    .select(['id', 'reward_id'])
    .where('user_id', '=', ana.id)
    .execute();
  await db
    .insertInto('reward_codes')
    .values({
      reward_id: order!.reward_id,
      code: 'VALE-DEMO-1',
      valid_until: '2099-12-31',
      order_id: order!.id,
      given_at: at(),
      created_at: at(),
    })
    .execute();

  const ids = demo.map((m) => m.id);
  const idsOf = async (table: 'invoices' | 'projects' | 'reward_orders') =>
    (await db.selectFrom(table).select('id').where('user_id', 'in', ids).execute()).map((r) => r.id);
  owned = {
    invoices: await idsOf('invoices'),
    projects: await idsOf('projects'),
    orders: await idsOf('reward_orders'),
  };
  const invoiceFiles = await db
    .selectFrom('invoice_files')
    .select('storage_path')
    .where('invoice_id', 'in', owned.invoices)
    .execute();
  const photos = await db
    .selectFrom('project_photos')
    .select(['storage_path', 'thumbnail_path'])
    .where('user_id', 'in', ids)
    .execute();
  demoFiles = [
    ...invoiceFiles.map((f) => f.storage_path),
    ...photos.flatMap((p) => [p.storage_path, p.thumbnail_path]),
    ...demo.map((m) => `profile/${photoName(`demo${m.id}`)}`),
  ];
  otherRowsBefore = await rowsPerTable([other.id]);
}, 300_000);

afterAll(async () => {
  await app.close();
  await storage.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo data: the demoData field and `npm run members -- remove-demo`', () => {
  it('starts from demo members with rows in every member table and files in the storage', async () => {
    expect(demo.map((m) => m.email)).toEqual(
      expect.arrayContaining(['marceneiro@exemplo.com.br', 'editor@exemplo.com.br', 'carlos.pereira@exemplo.com.br']),
    );
    const before = await rowsPerTable(demo.map((m) => m.id));
    const empty = Object.entries(before)
      .filter(([, n]) => n === 0)
      .map(([table]) => table);
    // Every member table holds rows of theirs: a table added later gets a row in addRowsOf too, so that the removal
    // below is checked on it.
    expect(empty).toEqual([]);
    for (const key of demoFiles) expect(await exists(key)).toBe(true);
    expect(demoFiles.length).toBeGreaterThan(10);
    expect(await demoData()).toBe(true);
  });

  it('removes every demo member with every row of theirs and their files, writes an audit line each, and leaves the other member as they were', async () => {
    removed = await removeDemoMembers({ db, config, storage }, terminalActor('ti.joao'), clubModules);
    expect(removed.map((r) => r.email).sort()).toEqual(demo.map((m) => m.email).sort());
    const ana = removed.find((r) => r.email === DEMO_MEMBER.email)!;
    expect(ana.removed['notas fiscais']).toBeGreaterThan(0);
    expect(ana.removed['arquivos']).toBeGreaterThan(0);

    expect(await findDemoMembers(db)).toEqual([]);
    const after = await rowsPerTable(demo.map((m) => m.id));
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    // Rows that hang off the member's rows, and rows that name the member without a foreign key.
    const none = async (query: Promise<unknown[]>) => expect(await query).toEqual([]);
    await none(db.selectFrom('invoice_files').select('id').where('invoice_id', 'in', owned.invoices).execute());
    await none(db.selectFrom('invoice_events').select('id').where('invoice_id', 'in', owned.invoices).execute());
    await none(db.selectFrom('project_events').select('id').where('project_id', 'in', owned.projects).execute());
    await none(
      db.selectFrom('project_products').select('project_id').where('project_id', 'in', owned.projects).execute(),
    );
    await none(db.selectFrom('reward_order_events').select('id').where('order_id', 'in', owned.orders).execute());
    await none(db.selectFrom('reward_codes').select('id').where('order_id', 'in', owned.orders).execute());
    await none(db.selectFrom('review_leases').select('subject_id').where('subject_id', 'in', owned.invoices).execute());
    await none(
      db
        .selectFrom('verification_codes')
        .select('id')
        .where(
          'subject',
          'in',
          demo.map((m) => String(m.id)),
        )
        .execute(),
    );
    await none(
      db
        .selectFrom('pending_signups')
        .select('id')
        .where(
          'cpf',
          'in',
          demo.map((m) => m.cpf),
        )
        .execute(),
    );
    await none(
      db
        .selectFrom('outbox')
        .select('id')
        .where(
          'recipient',
          'in',
          demo.map((m) => m.email),
        )
        .execute(),
    );
    for (const key of demoFiles) expect(await exists(key)).toBe(false);

    // The other member: every row and the photo where they were.
    expect(await rowsPerTable([other.id])).toEqual(otherRowsBefore);
    expect(await exists(`profile/${photoName(`outro${other.id}`)}`)).toBe(true);
    expect(await db.selectFrom('outbox').select('id').where('recipient', '=', other.email).execute()).toHaveLength(1);

    const audit = await db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'object_label', 'after'])
      .where('action', '=', 'member.remove-demo')
      .execute();
    expect(audit.map((a) => [a.actor_kind, a.actor_name])).toEqual(demo.map(() => ['terminal', 'ti.joao']));
    expect(audit.map((a) => a.object_label)).toContain('Ana Souza');
    // No CPF in the trail.
    for (const member of demo) expect(JSON.stringify(audit)).not.toContain(member.cpf);
  });

  it('finds nothing the second time, and the demoData field turns false once the demo staff are gone too', async () => {
    const lines = await db.selectFrom('staff_audit').select('id').execute();
    expect(await removeDemoMembers({ db, config, storage }, terminalActor('ti.joao'), clubModules)).toEqual([]);
    expect(await db.selectFrom('staff_audit').select('id').execute()).toHaveLength(lines.length);

    // The ledger stays append-only for everyone else, even while a removal lists its member.
    const otherEntries = await db.selectFrom('points_ledger').select('id').where('user_id', '=', other.id).execute();
    expect(otherEntries.length).toBeGreaterThan(0);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('member_removals').values({ member_id: demo[0]!.id, started_at: at() }).execute();
        expect(await trx.selectFrom('member_removals').select('member_id').execute()).toEqual([
          { member_id: demo[0]!.id },
        ]);
        await trx.deleteFrom('points_ledger').where('user_id', '=', other.id).execute();
      }),
      // By its message: better-sqlite3's error class comes from the first test file its addon was loaded in, so in a
      // reused Jest worker it is not this file's Error and toThrow would not see it.
    ).rejects.toMatchObject({ message: expect.stringContaining('points_ledger is append-only') });

    // SQLite's development seed has the demo staff too: the notice stays until they go.
    expect(await demoData()).toBe(testDialect() === 'sqlite');
    await removeDemoStaff(db, terminalActor('ti.joao'));
    expect(await demoData()).toBe(false);
  });
});
