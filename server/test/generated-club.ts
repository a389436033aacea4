import { sql, type RawBuilder } from 'kysely';
import { dialectOf } from '../db/database';
import { moveIdSequencePastRows } from '../db/dialect';
import type { Db } from '../db/schema';
import { DEMO_MEMBER } from '../modules/users';

/**
 * A consistent club of any size written straight in SQL, set-based (INSERT … SELECT over a table of numbers), on
 * a migrated and seeded database: the scale benchmark (bench/club-at-scale.ts) and the query-plan guard
 * (server/db/query-plans.test.ts) read the same shapes a real club has. Consistent means what the ledger's rules
 * hold: balances are the ledger's sums, running totals are in order, every credit older than its validity was
 * expired in full by an expiry row that points at it, debits (reward orders) take the oldest lots first, every
 * credit comes from an approved invoice with its events.
 *
 * Member m (1…members) has m % 23 credits over the last two years (the heavy member, m = 1, has HEAVY_CREDITS),
 * one refused invoice when m % 4 = 0 (the heavy member 20), one invoice waiting when m % 100 = 0, one reward order
 * for a third of them, five notices, one or two device sessions and one line of staff audit, and the "pontos a
 * vencer" reminders a daily job has already sent. Every member's password is the demo member's.
 */
export interface GeneratedClub {
  /** The first generated member's id: the heavy one, with hundreds of entries. */
  readonly heavyMemberId: number;
  readonly heavyMemberEmail: string;
  /** A member like most: a dozen entries. */
  readonly typicalMemberId: number;
  readonly typicalMemberEmail: string;
  /** Every generated member signs in with this. */
  readonly password: string;
  /** A name search that finds a few dozen members at 200,000. */
  readonly nameSearch: string;
  readonly counts: Readonly<Record<string, number>>;
}

const HEAVY_CREDITS = 600;
/** Room per member in the sequence numbers: credits 1…600, their expiries 1001…1600, the refusals, the wait. */
const SEQ_PER_MEMBER = 2048;
const DAY_S = 24 * 60 * 60;

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gisele',
  'Helena',
  'Igor',
  'Joana',
  'Kleber',
  'Lúcia',
  'Marcos',
  'Nádia',
  'Otávio',
  'Paula',
  'Quésia',
  'Rafael',
  'Sônia',
  'Tiago',
  'Úrsula',
  'Vítor',
  'Wagner',
  'Ximena',
  'Yara',
  'Zeca',
  'Aline',
  'Benedito',
  'Cíntia',
  'Douglas',
  'Érica',
  'Fernando',
  'Graça',
  'Heitor',
  'Iara',
  'Jair',
  'Karina',
  'Leandro',
  'Mirela',
  'Nelson',
];
const SURNAMES = [
  'Souza',
  'Oliveira',
  'Santos',
  'Lima',
  'Pereira',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Carvalho',
  'Araújo',
  'Ribeiro',
  'Gomes',
  'Martins',
  'Rocha',
  'Barbosa',
  'Teixeira',
  'Mendes',
  'Cardoso',
  'Bittencourt',
  'Moreira',
  'Nunes',
  'Vieira',
  'Monteiro',
  'Freitas',
  'Dias',
  'Campos',
  'Pinto',
  'Castro',
];
const AUDIT_ACTIONS = ['invoice.take', 'invoice.approve', 'invoice.reject', 'member.consent', 'arquivo.abrir'];

const lit = (value: string) => sql.lit(value);
/** A SQL CASE picking `values[index % values.length]`: a fixed list without a helper table. */
const pick = (values: readonly string[], index: string) =>
  sql.raw(`CASE (${index}) % ${values.length} ${values.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END`);

export async function generateClub(
  db: Db,
  { members, now = new Date() }: { members: number; now?: Date },
): Promise<GeneratedClub> {
  const postgres = dialectOf(db) === 'postgres';
  const nowIso = now.toISOString();
  /** An ISO instant `seconds` (an SQL expression) before now, as the app writes them. */
  const ago = (seconds: string): RawBuilder<string> =>
    postgres
      ? sql`to_char(timestamp ${lit(nowIso)} - (${sql.raw(seconds)}) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${lit(nowIso)}, '-' || (${sql.raw(seconds)}) || ' seconds')`;
  /** An ISO column plus the points' validity (12 months), as addMonths does it. */
  const yearAfter = (column: string): RawBuilder<string> =>
    postgres
      ? sql`to_char(${sql.raw(column)}::timestamp + interval '12 months', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.raw(column)}, '+12 months')`;
  const pad = (expression: string, width: number) =>
    postgres
      ? sql.raw(`lpad((${expression})::text, ${width}, '0')`)
      : sql.raw(`substr('${'0'.repeat(width)}' || (${expression}), -${width})`);
  const run = (query: RawBuilder<unknown>) => query.execute(db);
  const maxId = async (table: string) =>
    Number((await sql<{ n: number | null }>`SELECT max(id) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);

  const u0 = await maxId('users');
  const i0 = await maxId('invoices');
  const l0 = await maxId('points_ledger');
  const demo = await db
    .selectFrom('users')
    .select('password_hash')
    .where('cpf', '=', DEMO_MEMBER.cpf)
    .executeTakeFirstOrThrow();
  // The reviewer the audit lines name (the demo staff is not seeded everywhere).
  const admin =
    (await db.selectFrom('staff_accounts').select(['id', 'name']).orderBy('id').executeTakeFirst()) ??
    (await db
      .insertInto('staff_accounts')
      .values({
        email: 'equipe@escala.test',
        name: 'Equipe de Escala',
        totp_secret: 'ESCALA',
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow());
  const reward = await db.selectFrom('rewards').select('id').orderBy('id').executeTakeFirstOrThrow();

  await run(sql`DROP TABLE IF EXISTS gen_nums`);
  await run(sql`CREATE TABLE gen_nums (i integer PRIMARY KEY)`);
  await run(
    postgres
      ? sql`INSERT INTO gen_nums SELECT generate_series(1, ${sql.lit(Math.max(members, HEAVY_CREDITS))})`
      : sql`INSERT INTO gen_nums WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${sql.lit(
          Math.max(members, HEAVY_CREDITS),
        )}) SELECT i FROM s`,
  );
  // Members, signed up over the last three years (some every day of the last month).
  await run(sql`
    INSERT INTO users (id, name, sur_name, cpf, email, password_hash, created_at, updated_at, email_confirmed_at,
      signup_device_session_id)
    SELECT ${sql.lit(u0)} + i, ${pick(FIRST_NAMES, 'i')},
      ${pick(SURNAMES, `i / ${FIRST_NAMES.length}`)} || ' ' || ${pick(SURNAMES, 'i / 7')},
      ${pad('i + 90000000000', 11)}, 'membro' || i || '@escala.test', ${demo.password_hash},
      ${ago(`(i * 7919) % ${3 * 365 * DAY_S}`)}, ${lit(nowIso)}, ${lit(nowIso)}, 'gen-' || i || '-1'
    FROM gen_nums WHERE i <= ${sql.lit(members)}`);

  // The ledger's rows before their ids: credits (seq m·2048 + j), their expiries, one redemption. A member's credits
  // are evenly spaced over two years, each member's series shifted by its own offset within one spacing: without the
  // shift, every member with an odd number of credits had one exactly a year old, and the next day's expiry job found
  // half the club due at once (95,654 lots at 200,000 members), which no real day looks like.
  await run(sql`DROP TABLE IF EXISTS gen_ledger`);
  await run(sql`CREATE TABLE gen_ledger (seq integer PRIMARY KEY, user_id integer NOT NULL, kind text NOT NULL,
    points integer NOT NULL, created_at text NOT NULL, expires_at text, credit_seq integer)`);
  const credits = `CASE WHEN u.i = 1 THEN ${HEAVY_CREDITS} ELSE u.i % 23 END`;
  await run(sql`
    INSERT INTO gen_ledger (seq, user_id, kind, points, created_at)
    SELECT u.i * ${sql.lit(SEQ_PER_MEMBER)} + j.i, ${sql.lit(u0)} + u.i, CASE WHEN j.i % 5 = 0 THEN 'bonus' ELSE 'credit' END,
      10 + (u.i * j.i) % 190,
      ${ago(`(${credits} - j.i + 1) * (${730 * DAY_S} / (${credits} + 1)) + (u.i * 7919) % (${730 * DAY_S} / (${credits} + 1))`)}
    FROM gen_nums u JOIN gen_nums j ON j.i <= ${sql.raw(credits)}
    WHERE u.i <= ${sql.lit(members)}`);
  await run(sql`UPDATE gen_ledger SET expires_at = ${yearAfter('created_at')}`);
  // Lots past their validity were expired in full when they fell due (nothing was spent before then).
  await run(sql`
    INSERT INTO gen_ledger (seq, user_id, kind, points, created_at, credit_seq)
    SELECT seq + 1000, user_id, 'expiry', -points, expires_at, seq FROM gen_ledger
    WHERE kind IN ('credit', 'bonus') AND expires_at <= ${ago(`${DAY_S}`)}`);
  // A third of the members spent half of what they hold, a day ago (every expired lot had gone by then).
  await run(sql`
    INSERT INTO gen_ledger (seq, user_id, kind, points, created_at)
    SELECT (user_id - ${sql.lit(u0)}) * ${sql.lit(SEQ_PER_MEMBER)} + 2000, user_id, 'redemption', -(sum(points) / 2),
      ${ago(`${DAY_S} - 60`)}
    FROM gen_ledger
    WHERE kind IN ('credit', 'bonus') AND expires_at > ${ago(`${DAY_S}`)} AND (user_id - ${sql.lit(u0)}) % 3 = 0
    GROUP BY user_id HAVING sum(points) >= 2`);
  await run(sql`DROP TABLE IF EXISTS gen_ids`);
  await run(sql`CREATE TABLE gen_ids (seq integer PRIMARY KEY, id integer NOT NULL)`);
  await run(sql`INSERT INTO gen_ids (seq, id)
    SELECT seq, ${sql.lit(l0)} + row_number() OVER (ORDER BY created_at, seq) FROM gen_ledger`);

  // Every credit's invoice (id = i0 + seq), approved a day after it was sent; refused ones; the waiting queue.
  const invoiceColumns = sql`id, user_id, access_key, idempotency_key, status, uf, issued_month, issuer_cnpj, model,
    series, number, has_xml, issuer_name, total_cents, points, rejection_reason, created_at, updated_at`;
  await run(sql`
    INSERT INTO invoices (${invoiceColumns})
    SELECT ${sql.lit(i0)} + seq, user_id, ${pad('seq', 44)}, 'gen-' || seq, 'approved', 'SP', substr(created_at, 1, 7),
      '11222333000181', 55, 1, seq % 999999, 1, 'Madeireira Escala', points * 100, points, NULL,
      created_at, created_at
    FROM gen_ledger WHERE kind IN ('credit', 'bonus')`);
  await run(sql`
    INSERT INTO invoices (${invoiceColumns})
    SELECT ${sql.lit(i0)} + u.i * ${sql.lit(SEQ_PER_MEMBER)} + 1700 + j.i, ${sql.lit(u0)} + u.i,
      ${pad(`u.i * ${SEQ_PER_MEMBER} + 1700 + j.i`, 44)}, 'gen-r-' || u.i || '-' || j.i, 'rejected', 'SP', '2026-01',
      '11222333000181', 55, 1, j.i, 0, NULL, 5000, NULL, 'Foto ilegível: envie de novo com a chave visível.',
      ${ago(`(u.i * 31 + j.i * 3600) % ${365 * DAY_S}`)}, ${ago(`(u.i * 31 + j.i * 3600) % ${365 * DAY_S}`)}
    FROM gen_nums u JOIN gen_nums j ON j.i <= CASE WHEN u.i = 1 THEN 20 WHEN u.i % 4 = 0 THEN 1 ELSE 0 END
    WHERE u.i <= ${sql.lit(members)}`);
  await run(sql`
    INSERT INTO invoices (${invoiceColumns})
    SELECT ${sql.lit(i0)} + i * ${sql.lit(SEQ_PER_MEMBER)} + 1800, ${sql.lit(u0)} + i,
      ${pad(`i * ${SEQ_PER_MEMBER} + 1800`, 44)}, 'gen-w-' || i, CASE WHEN i % 300 = 0 THEN 'in_review' ELSE 'received' END,
      'SP', '2026-11', '11222333000181', 55, 1, i, 0, NULL, 8000, NULL, NULL,
      ${ago(`(i * 17) % ${10 * DAY_S}`)}, ${ago(`(i * 17) % ${10 * DAY_S}`)}
    FROM gen_nums WHERE i <= ${sql.lit(members)} AND i % 100 = 0`);
  await run(sql`
    INSERT INTO invoice_events (invoice_id, status, note, created_at)
    SELECT id, 'received', NULL, created_at FROM invoices WHERE id > ${sql.lit(i0)}`);
  await run(sql`
    INSERT INTO invoice_events (invoice_id, status, note, created_at)
    SELECT id, status, rejection_reason, updated_at FROM invoices
    WHERE id > ${sql.lit(i0)} AND status IN ('approved', 'rejected')`);

  // The ledger with its running totals, in time order.
  await run(sql`
    INSERT INTO points_ledger (id, user_id, kind, points, description, invoice_id, expires_at, expired_entry_id,
      balance_after, lot_cumulative, created_at)
    SELECT g.id, l.user_id, l.kind, l.points,
      CASE l.kind WHEN 'expiry' THEN 'Pontos expirados' WHEN 'redemption' THEN 'Resgate de prêmio'
        ELSE 'NF-e aprovada' END,
      CASE WHEN l.kind IN ('credit', 'bonus') THEN ${sql.lit(i0)} + l.seq END,
      CASE WHEN l.kind IN ('credit', 'bonus') THEN l.expires_at END,
      e.id,
      sum(l.points) OVER w,
      CASE WHEN l.kind IN ('credit', 'bonus') THEN sum(CASE WHEN l.kind IN ('credit', 'bonus') THEN l.points ELSE 0 END) OVER w END,
      l.created_at
    FROM gen_ledger l JOIN gen_ids g ON g.seq = l.seq LEFT JOIN gen_ids e ON e.seq = l.credit_seq
    WINDOW w AS (PARTITION BY l.user_id ORDER BY g.id ROWS UNBOUNDED PRECEDING)
    ORDER BY g.id`);
  await run(sql`
    INSERT INTO points_balances (user_id, balance, lots_total, updated_at)
    SELECT user_id, sum(points), sum(CASE WHEN lot_cumulative IS NOT NULL THEN points ELSE 0 END), ${lit(nowIso)}
    FROM points_ledger WHERE user_id > ${sql.lit(u0)} GROUP BY user_id`);
  await run(sql`
    UPDATE points_balances SET next_expiry_at = (
      SELECT l.expires_at FROM points_ledger l
      WHERE l.user_id = points_balances.user_id AND l.lot_cumulative > points_balances.lots_total - points_balances.balance
      ORDER BY l.lot_cumulative LIMIT 1)
    WHERE user_id > ${sql.lit(u0)} AND balance > 0`);

  // The reminders a club that runs its job every day has already sent: each lot now within 30 days of its expiry was
  // announced at 30 days, and within 7 at 7. Without them the next day's job would announce every such lot at once
  // (16,000 members at 200,000), which only a club's first run ever does.
  const within = (days: number) => lit(new Date(now.getTime() + days * DAY_S * 1000).toISOString());
  for (const days of [30, 7])
    await run(sql`
      INSERT INTO points_expiry_reminders (entry_id, threshold_days, user_id, created_at)
      SELECT id, ${sql.lit(days)}, user_id, ${lit(nowIso)} FROM points_ledger
      WHERE user_id > ${sql.lit(u0)} AND lot_cumulative IS NOT NULL
        AND expires_at > ${lit(nowIso)} AND expires_at < ${within(days)}`);

  // One reward order per redemption: delivered, a few still waiting for the warehouse.
  await run(sql`
    INSERT INTO reward_orders (user_id, reward_id, idempotency_key, status, points, debit_entry_id, created_at, updated_at)
    SELECT user_id, ${sql.lit(reward.id)}, 'gen-' || id,
      CASE WHEN user_id % 150 = 0 THEN 'requested' ELSE 'delivered' END, -points, id, created_at, created_at
    FROM points_ledger WHERE kind = 'redemption' AND user_id > ${sql.lit(u0)}`);

  // Five notices each, device sessions (sign-up's and, for half, a second one a refresh token names), staff audit.
  await run(sql`
    INSERT INTO notifications (user_id, kind, title, body, url, created_at, read_at)
    SELECT ${sql.lit(u0)} + u.i, 'invoices', 'Nota aprovada', 'Seus pontos já estão no extrato.', '/minhas-nfs',
      ${ago(`j.i * ${20 * DAY_S} + u.i % 3600`)}, CASE WHEN j.i > 1 THEN ${lit(nowIso)} END
    FROM gen_nums u JOIN gen_nums j ON j.i <= 5 WHERE u.i <= ${sql.lit(members)}`);
  await run(sql`
    INSERT INTO device_sessions (id, device, device_hash, region, first_seen_at, last_seen_at)
    SELECT 'gen-' || u.i || '-' || j.i, 'Android · Chrome', 'hash-' || (u.i * 2 + j.i), 'SP',
      ${ago(`(u.i * 7919) % ${3 * 365 * DAY_S}`)}, ${ago(`(u.i * 13 + j.i) % ${30 * DAY_S}`)}
    FROM gen_nums u JOIN gen_nums j ON j.i <= 1 + u.i % 2 WHERE u.i <= ${sql.lit(members)}`);
  await run(sql`
    INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at, device_session_id)
    SELECT 'gen-' || i, ${sql.lit(u0)} + i, 'gen-' || i, 'gen-' || i, ${ago(`(i * 13) % ${30 * DAY_S}`)},
      ${lit(new Date(now.getTime() + 30 * DAY_S * 1000).toISOString())}, 'gen-' || i || '-' || (1 + i % 2)
    FROM gen_nums WHERE i <= ${sql.lit(members)}`);
  await run(sql`
    INSERT INTO staff_audit (created_at, actor_kind, actor_staff_id, actor_name, role, action, object_type, object_id,
      object_label)
    SELECT ${ago(`(i * 61) % ${365 * DAY_S}`)}, 'staff', ${sql.lit(admin.id)}, ${admin.name}, 'revisor',
      ${pick(AUDIT_ACTIONS, 'i')}, 'invoice', '' || i, 'NF-e ' || i
    FROM gen_nums WHERE i <= ${sql.lit(members)}`);

  for (const table of ['gen_nums', 'gen_ledger', 'gen_ids']) await run(sql`DROP TABLE ${sql.table(table)}`);
  for (const table of [
    'users',
    'invoices',
    'invoice_events',
    'points_ledger',
    'reward_orders',
    'notifications',
    'staff_audit',
  ])
    await moveIdSequencePastRows(db, table);
  await run(sql`ANALYZE`);

  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'points_ledger',
    'invoices',
    'invoice_events',
    'reward_orders',
    'notifications',
    'device_sessions',
    'staff_audit',
  ]) {
    const row = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
    counts[table] = Number(row.rows[0]?.n ?? 0);
  }
  const typical = Math.min(members, 22);
  return {
    heavyMemberId: u0 + 1,
    heavyMemberEmail: 'membro1@escala.test',
    typicalMemberId: u0 + typical,
    typicalMemberEmail: `membro${typical}@escala.test`,
    password: DEMO_MEMBER.password,
    nameSearch: 'Helena Bittencourt',
    counts,
  };
}
