import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialect';

/**
 * What the club tells a member: the inbox ("Avisos", kept 90 days), the browsers' push subscriptions, the durable
 * queue of pushes to send (the outbox: written in the transaction of the change that caused it, one row per
 * notification and subscription, claimed by a lease so several API processes send each once), the member's on/off
 * per kind, and the expiry reminders already given per points lot and threshold (30 and 7 days), so a lot is never
 * announced twice at the same threshold.
 */
export const notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notifications')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .execute();
    // The inbox pages newest first per member; the unread count reads the same index.
    await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('notifications_created_idx').on('notifications').columns(['created_at']).execute();

    await db.schema
      .createTable('push_subscriptions')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The session (refresh-token family) that saved it: logging out there removes it, and a push goes only to
      // subscriptions whose session is still live.
      .addColumn('session_family_id', 'text')
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('refreshed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('push_subscriptions_user_idx')
      .on('push_subscriptions')
      .columns(['user_id', 'session_family_id'])
      .execute();

    await db.schema
      .createTable('notification_outbox')
      .$call(idColumn(db))
      .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
      .addColumn('subscription_id', 'integer', (c) =>
        c.notNull().references('push_subscriptions.id').onDelete('cascade'),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('notification_outbox_due_idx')
      .on('notification_outbox')
      .columns(['sent_at', 'next_attempt_at'])
      .execute();

    await db.schema
      .createTable('notification_preferences')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
      .execute();

    await db.schema
      .createTable('points_expiry_reminders')
      .addColumn('entry_id', 'integer', (c) => c.notNull().references('points_ledger.id').onDelete('cascade'))
      .addColumn('threshold_days', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('points_expiry_reminders_pk', ['entry_id', 'threshold_days'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('points_expiry_reminders').execute();
    await db.schema.dropTable('notification_preferences').execute();
    await db.schema.dropTable('notification_outbox').execute();
    await db.schema.dropTable('push_subscriptions').execute();
    await db.schema.dropTable('notifications').execute();
  },
};
