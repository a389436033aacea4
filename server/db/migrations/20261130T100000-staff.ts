import { sql, type Kysely, type Migration } from 'kysely';
import { currentTimestampText, idColumn, makeAppendOnly } from '../dialect';

interface MemberAuditLine {
  id: number;
  user_id: number;
  actor: string;
  action: string;
  detail: string | null;
  created_at: string;
}

/**
 * The club's staff, a world apart from the members (server/modules/staff): their accounts and roles, their painel
 * sessions (idle and absolute ends are checked against these rows on every request), the one-time set-up links
 * (only a hash of each link is kept) and `staff_audit`, the one trail of what staff and terminal operators did.
 * The member switches audited before this migration (`member_audit`) are copied into the trail, so it starts whole;
 * from now on every switch is written to both in one transaction.
 */
export const staff: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_accounts')
      .$call(idColumn(db))
      // Lower case, trimmed: the login form's e-mail compares exactly.
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      // Null until the person finishes the set-up link.
      .addColumn('password_hash', 'text')
      // Base32 TOTP secret (RFC 6238), null until set up and again after an authenticator reset.
      .addColumn('totp_secret', 'text')
      // The last 30-second step whose code was accepted: no code of that step or before is taken again.
      .addColumn('totp_last_step', 'integer')
      .addColumn('disabled_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('staff_roles')
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) =>
        c.notNull().check(sql`role in ('revisor', 'atendimento', 'lojas', 'premios', 'admin')`),
      )
      .addPrimaryKeyConstraint('staff_roles_pk', ['staff_id', 'role'])
      .execute();

    await db.schema
      .createTable('staff_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      // The absolute end (10 hours after the login); the idle end is last_seen_at + 30 minutes.
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .execute();
    await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').columns(['staff_id']).execute();

    await db.schema
      .createTable('staff_setup_links')
      .$call(idColumn(db))
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
      // SHA-256 of the link's token; the token itself is shown once to whoever made the link.
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      // The authenticator secret this link enrols, shown on the set-up page until the link is used.
      .addColumn('totp_secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      // A newer link for the same person, or an authenticator reset, ends the older ones.
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('staff_setup_links_staff_idx').on('staff_setup_links').columns(['staff_id']).execute();

    await db.schema
      .createTable('staff_audit')
      .$call(idColumn(db))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(currentTimestampText(db)))
      // 'staff' (a painel session), 'terminal' (an operator at the terminal) or 'system' (the club itself).
      .addColumn('actor_kind', 'text', (c) => c.notNull().check(sql`actor_kind in ('staff', 'terminal', 'system')`))
      .addColumn('actor_staff_id', 'integer', (c) => c.references('staff_accounts.id'))
      // The staff member's name and e-mail, or the operator's name, as they were at the time.
      .addColumn('actor_name', 'text', (c) => c.notNull())
      // The role the action was allowed under; null for the terminal and for what any staff member may do.
      .addColumn('role', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text')
      .addColumn('object_id', 'text')
      .addColumn('object_label', 'text')
      // JSON objects of the fields that changed, as they were and as they became.
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('ip', 'text')
      .execute();
    await db.schema.createIndex('staff_audit_created_idx').on('staff_audit').columns(['created_at', 'id']).execute();
    await db.schema
      .createIndex('staff_audit_object_idx')
      .on('staff_audit')
      .columns(['object_type', 'object_id', 'id'])
      .execute();
    await db.schema.createIndex('staff_audit_action_idx').on('staff_audit').columns(['action', 'id']).execute();
    await makeAppendOnly(db, 'staff_audit');

    // The trail starts with the member switches already audited, in their order, as the terminal's.
    const lines = (await sql<MemberAuditLine>`SELECT id, user_id, actor, action, detail, created_at
      FROM member_audit ORDER BY id`.execute(db)) as { rows: MemberAuditLine[] };
    for (const line of lines.rows) {
      await sql`INSERT INTO staff_audit (created_at, actor_kind, actor_name, action, object_type, object_id, after)
        VALUES (${line.created_at}, 'terminal', ${line.actor}, ${`member.${line.action}`}, 'member',
          ${String(line.user_id)}, ${line.detail === null ? null : JSON.stringify({ detail: line.detail })})`.execute(
        db,
      );
    }
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('staff_audit').execute();
    await db.schema.dropTable('staff_setup_links').execute();
    await db.schema.dropTable('staff_sessions').execute();
    await db.schema.dropTable('staff_roles').execute();
    await db.schema.dropTable('staff_accounts').execute();
  },
};
