import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Device sessions (the session-security component): one row per browser session id, with the handshake's key
 * material while it lasts (24 hours) and what the last accepted envelope said about the device. Raw signal lists
 * are not kept. The refresh-token family of a login or sign-up, an invoice and a project each remember the device
 * session they came from (nullable: older rows and pages without the component have none), and an invoice or a
 * project keeps the fraud reason a reviewer sees in the terminal, apart from the reason the member sees.
 */
export const deviceSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_sessions')
      // The page's session id: 16 random bytes in hex.
      .addColumn('id', 'text', (c) => c.primaryKey())
      // The handshake: our P-256 private key (JWK) and the page's public key; cleared once the handshake is a day old.
      .addColumn('server_private_key', 'text')
      .addColumn('client_public_key', 'text')
      .addColumn('handshake_at', 'text')
      // Highest local index accepted in this handshake: a replayed or older envelope is refused.
      .addColumn('highest_local_index', 'integer')
      // sha256 hex of the library's visitor id.
      .addColumn('device_hash', 'text')
      .addColumn('device', 'text')
      .addColumn('ip', 'text')
      .addColumn('incognito', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('automation', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('foreign_time_zone', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('foreign_language', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_seen_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('device_sessions_hash_idx')
      .on('device_sessions')
      .columns(['device_hash', 'last_seen_at'])
      .where(sql.ref('device_hash'), 'is not', null)
      .execute();
    await db.schema.createIndex('device_sessions_last_seen_idx').on('device_sessions').column('last_seen_at').execute();

    // Plain nullable text columns, no foreign key: a device session is deleted after 90 days, the rows that name it
    // stay (the id then simply finds nothing).
    await db.schema.alterTable('refresh_tokens').addColumn('device_session_id', 'text').execute();
    await db.schema
      .createIndex('refresh_tokens_device_session_idx')
      .on('refresh_tokens')
      .column('device_session_id')
      .where(sql.ref('device_session_id'), 'is not', null)
      .execute();
    await db.schema.alterTable('users').addColumn('signup_device_session_id', 'text').execute();
    await db.schema.alterTable('invoices').addColumn('device_session_id', 'text').execute();
    await db.schema.alterTable('invoices').addColumn('risk_reason', 'text').execute();
    await db.schema
      .createIndex('invoices_device_session_idx')
      .on('invoices')
      .column('device_session_id')
      .where(sql.ref('device_session_id'), 'is not', null)
      .execute();
    await db.schema.alterTable('projects').addColumn('device_session_id', 'text').execute();
    await db.schema.alterTable('projects').addColumn('risk_reason', 'text').execute();
    await db.schema
      .createIndex('projects_device_session_idx')
      .on('projects')
      .column('device_session_id')
      .where(sql.ref('device_session_id'), 'is not', null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('projects_device_session_idx').execute();
    await db.schema.alterTable('projects').dropColumn('risk_reason').execute();
    await db.schema.alterTable('projects').dropColumn('device_session_id').execute();
    await db.schema.dropIndex('invoices_device_session_idx').execute();
    await db.schema.alterTable('invoices').dropColumn('risk_reason').execute();
    await db.schema.alterTable('invoices').dropColumn('device_session_id').execute();
    await db.schema.alterTable('users').dropColumn('signup_device_session_id').execute();
    await db.schema.dropIndex('refresh_tokens_device_session_idx').execute();
    await db.schema.alterTable('refresh_tokens').dropColumn('device_session_id').execute();
    await db.schema.dropTable('device_sessions').execute();
  },
};
