import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database';
import { currentTimestampText, idColumn, makeAppendOnly } from '../dialect';

/** A line of one of the three older audit tables, with what its object is called. */
interface OldLine {
  id: number;
  actor: string;
  action: string;
  detail: string | null;
  created_at: string;
}

/** A line as `staff_audit` keeps it. */
interface TrailLine {
  created_at: string;
  actor_kind: 'terminal' | 'system' | 'member';
  actor_name: string;
  action: string;
  object_type: string | null;
  object_id: string | null;
  object_label: string | null;
  after: string | null;
}

const KINDS_BEFORE = ['staff', 'terminal', 'system'];
const KINDS_AFTER = [...KINDS_BEFORE, 'member'];
const kindList = (kinds: readonly string[]) => sql.raw(kinds.map((k) => `'${k}'`).join(', '));

/** `2026-11-28 10:00:00` (a column's CURRENT_TIMESTAMP default) as the ISO instant every newer line is written with. */
const isoTime = (text: string) =>
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(' ', 'T')}.000Z` : text;
/** The same, in SQL, for the lines already in the trail. */
const isoTimeSql = sql`CASE WHEN length(created_at) = 19 THEN replace(created_at, ' ', 'T') || '.000Z' ELSE created_at END`;

/** The verbs the staff's trail gives the order moves `reward_audit` named by the status reached. */
const REWARD_ACTIONS: Readonly<Record<string, string>> = {
  requested: 'request',
  separating: 'separate',
  shipped: 'ship',
  delivered: 'deliver',
  cancelled: 'cancel',
};

/** A person's answer on a transfer was written to the trail as confirm or refuse, late or again alike. */
function partnerAction(action: string): { verb: string; extra: Record<string, unknown> } {
  const answer = /^(late|again)-(confirmed|refused)$/.exec(action);
  const verb = (outcome: string) => (outcome === 'confirmed' ? 'confirm' : 'refuse');
  if (answer) {
    const [, when, outcome] = answer as unknown as [string, 'late' | 'again', string];
    return { verb: verb(outcome), extra: when === 'late' ? { lateAnswer: outcome } : { again: true } };
  }
  if (action === 'confirmed' || action === 'refused') return { verb: verb(action), extra: {} };
  if (action === 'requested') return { verb: 'request', extra: {} };
  return { verb: action, extra: {} };
}

/** Who a partner line names: the member themselves, the partner's answer, the deadline's job, or an operator. */
function partnerActor(actor: string, userId: number | null): Pick<TrailLine, 'actor_kind' | 'actor_name'> {
  if (actor === 'membro') return { actor_kind: 'member', actor_name: userId === null ? 'membro' : `membro #${userId}` };
  if (actor === 'parceiro' || actor === 'prazo') return { actor_kind: 'system', actor_name: actor };
  return { actor_kind: 'terminal', actor_name: actor };
}

const afterOf = (detail: string | null, extra: Record<string, unknown> = {}) => {
  const after = { ...(detail === null ? {} : { detail }), ...extra };
  return Object.keys(after).length === 0 ? null : JSON.stringify(after);
};

async function memberLines(db: Kysely<unknown>): Promise<TrailLine[]> {
  const { rows } = await sql<OldLine & { user_id: number; label: string | null }>`
    SELECT a.id, a.user_id, a.actor, a.action, a.detail, a.created_at, u.name || ' ' || u.sur_name AS label
    FROM member_audit a LEFT JOIN users u ON u.id = a.user_id ORDER BY a.id`.execute(db);
  return rows.map((line) => ({
    created_at: isoTime(line.created_at),
    actor_kind: 'terminal',
    actor_name: line.actor,
    action: `member.${line.action}`,
    object_type: 'member',
    object_id: String(line.user_id),
    object_label: line.label,
    after: afterOf(line.detail),
  }));
}

async function rewardLines(db: Kysely<unknown>): Promise<TrailLine[]> {
  const { rows } = await sql<
    OldLine & { reward_id: number | null; order_id: number | null; name: string | null; slug: string | null }
  >`SELECT a.id, a.reward_id, a.order_id, a.actor, a.action, a.detail, a.created_at, r.name, r.slug
    FROM reward_audit a LEFT JOIN rewards r ON r.id = a.reward_id ORDER BY a.id`.execute(db);
  return rows.map((line) => {
    const object =
      line.order_id !== null
        ? {
            object_type: 'reward_order',
            object_id: String(line.order_id),
            object_label: `Resgate nº ${line.order_id}${line.name ? ` (${line.name})` : ''}`,
          }
        : line.reward_id !== null
          ? { object_type: 'reward', object_id: String(line.reward_id), object_label: line.slug }
          : { object_type: null, object_id: null, object_label: null };
    return {
      created_at: isoTime(line.created_at),
      actor_kind: 'terminal',
      actor_name: line.actor,
      action: `reward.${REWARD_ACTIONS[line.action] ?? line.action}`,
      ...object,
      after: afterOf(line.detail),
    };
  });
}

async function partnerLines(db: Kysely<unknown>): Promise<TrailLine[]> {
  const { rows } = await sql<OldLine & { transfer_id: number | null; user_id: number | null }>`
    SELECT id, transfer_id, user_id, actor, action, detail, created_at FROM partner_audit ORDER BY id`.execute(db);
  return rows.map((line) => {
    const { verb, extra } = partnerAction(line.action);
    const object =
      line.transfer_id !== null
        ? {
            object_type: 'partner_transfer',
            object_id: String(line.transfer_id),
            object_label: `Transferência nº ${line.transfer_id}`,
          }
        : { object_type: 'member', object_id: line.user_id === null ? null : String(line.user_id), object_label: null };
    return {
      created_at: isoTime(line.created_at),
      ...partnerActor(line.actor, line.user_id),
      action: `partner.${verb}`,
      ...object,
      after: afterOf(line.detail, extra),
    };
  });
}

/**
 * Whether the trail already holds this line: since the trail began, the operators' and staff's actions were written to
 * both, in one transaction and with one timestamp (and the member lines before it were copied in by the staff
 * migration), so copying those again would show every such action twice.
 */
async function inTrail(db: Kysely<unknown>, line: TrailLine): Promise<boolean> {
  // Every line written to both named its object.
  if (line.object_type === null || line.object_id === null) return false;
  const { rows } = await sql<{ id: number }>`SELECT id FROM staff_audit
    WHERE object_type = ${line.object_type} AND object_id = ${line.object_id} AND action = ${line.action}
      AND ${isoTimeSql} = ${line.created_at}
    LIMIT 1`.execute(db);
  return rows.length > 0;
}

const COLUMNS = sql.raw(
  'created_at, actor_kind, actor_staff_id, actor_name, role, action, object_type, object_id, object_label, before, after, ip',
);

/** The trail as the staff migration made it, its actor kinds `kinds`, under `name`. */
async function createTrail(db: Kysely<unknown>, name: string, kinds: readonly string[]): Promise<void> {
  await db.schema
    .createTable(name)
    .$call(idColumn(db))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
    .addColumn('actor_kind', 'text', (c) => c.notNull().check(sql`actor_kind in (${kindList(kinds)})`))
    .addColumn('actor_staff_id', 'integer', (c) => c.references('staff_accounts.id'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text')
    .addColumn('object_id', 'text')
    .addColumn('object_label', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text')
    .execute();
}

/**
 * Makes the trail again with `kinds` (its lines of another kind left out) and the `extra` lines among its own, all in the order they happened (the
 * painel pages it by id, newest first), and its indexes and append-only guard as before. A table copy on both
 * dialects: SQLite cannot alter a check, and ids in order of time can only be given by writing the rows again.
 */
async function rebuildTrail(db: Kysely<unknown>, kinds: readonly string[], extra: readonly TrailLine[]) {
  await createTrail(db, 'audit_fold_lines', KINDS_AFTER);
  for (const line of extra) {
    await sql`INSERT INTO audit_fold_lines (created_at, actor_kind, actor_name, action, object_type, object_id,
        object_label, after)
      VALUES (${line.created_at}, ${line.actor_kind}, ${line.actor_name}, ${line.action}, ${line.object_type},
        ${line.object_id}, ${line.object_label}, ${line.after})`.execute(db);
  }
  await createTrail(db, 'staff_audit_next', kinds);
  await sql`INSERT INTO staff_audit_next (${COLUMNS})
    SELECT ${COLUMNS} FROM (
      SELECT ${isoTimeSql} AS created_at, actor_kind, actor_staff_id, actor_name, role, action, object_type, object_id,
        object_label, before, after, ip, 0 AS source, id FROM staff_audit WHERE actor_kind in (${kindList(kinds)})
      UNION ALL
      SELECT ${COLUMNS}, 1 AS source, id FROM audit_fold_lines
    ) lines
    ORDER BY created_at, source, id`.execute(db);
  await sql`DROP TABLE audit_fold_lines`.execute(db);
  await sql`DROP TABLE staff_audit`.execute(db);
  if (dialectOf(db) === 'postgres') await sql`DROP FUNCTION staff_audit_append_only()`.execute(db);
  await sql`ALTER TABLE staff_audit_next RENAME TO staff_audit`.execute(db);
  await db.schema.createIndex('staff_audit_created_idx').on('staff_audit').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('staff_audit_object_idx')
    .on('staff_audit')
    .columns(['object_type', 'object_id', 'id'])
    .execute();
  await db.schema.createIndex('staff_audit_action_idx').on('staff_audit').columns(['action', 'id']).execute();
  await makeAppendOnly(db, 'staff_audit');
}

/**
 * One audit trail: the lines of the modules' older tables (`member_audit`, `reward_audit`, `partner_audit`) join
 * `staff_audit`, each with its time, who (an operator at the terminal, the member, the partner's answer or the
 * deadline), the action under the trail's names (`member.*`, `reward.*`, `partner.*`), its object and its detail,
 * and the three tables go. A line the trail already holds is not copied twice (inTrail). The member becomes an actor
 * kind of the trail: their own link, unlink and transfer request are audited there from now on.
 */
export const auditFold: Migration = {
  async up(db: Kysely<unknown>) {
    const lines: TrailLine[] = [];
    for (const line of [...(await memberLines(db)), ...(await rewardLines(db)), ...(await partnerLines(db))]) {
      if (!(await inTrail(db, line))) lines.push(line);
    }
    await rebuildTrail(db, KINDS_AFTER, lines);
    await db.schema.dropTable('member_audit').execute();
    await db.schema.dropTable('reward_audit').execute();
    await db.schema.dropTable('partner_audit').execute();
  },

  /** The three tables come back empty (their lines stay in the trail); the member's own lines leave the trail. */
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_audit')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      .execute();
    await db.schema.createIndex('member_audit_user_idx').on('member_audit').columns(['user_id', 'id']).execute();
    await db.schema
      .createTable('reward_audit')
      .$call(idColumn(db))
      .addColumn('reward_id', 'integer', (c) => c.references('rewards.id'))
      .addColumn('order_id', 'integer', (c) => c.references('reward_orders.id').onDelete('cascade'))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('partner_audit')
      .$call(idColumn(db))
      .addColumn('transfer_id', 'integer', (c) => c.references('partner_transfers.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('partner_audit_transfer_idx')
      .on('partner_audit')
      .columns(['transfer_id', 'id'])
      .execute();
    await rebuildTrail(db, KINDS_BEFORE, []);
  },
};
