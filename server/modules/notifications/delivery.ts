import { randomUUID } from 'node:crypto';
import webPush, { type PushSubscription, type RequestDetails } from 'web-push';
import { OutboundRefusedError, outboundRequest, type OutboundPolicy } from '../../adapters/outbound';
import type { AppConfig, VapidKeys } from '../../config';
import type { Db } from '../../db/schema';
import { pushEndpointProblem } from './push-endpoint';

/** Rows one run claims; the rest wait for the next run (every few seconds). */
const BATCH = 50;
/** A claim outlives a run's sends (10 s each at most); a process that died mid-run frees its rows after it. */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** Retries of a push service that answers 5xx or cannot be reached: 30 s, 1 min, 2 min … up to 6 h apart. */
export const RETRY_BASE_MS = 30 * 1000;
const RETRY_MAX_MS = 6 * 60 * 60 * 1000;
/** After this many failed tries the row is given up (the inbox still has the notification). */
export const MAX_ATTEMPTS = 10;
const SEND_TIMEOUT_MS = 10 * 1000;
/** The push service keeps an undelivered message a day for a phone that is off, no longer. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export const retryDelayMs = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));

export interface DeliveryDeps {
  readonly db: Db;
  readonly config: Pick<AppConfig, 'now' | 'vapid' | 'pushServices' | 'outbound'>;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  pruned: number;
  failed: number;
}

type Outcome = 'sent' | 'retry' | 'gone' | 'failed';

/**
 * Claims the due rows of the outbox and sends each one. The claim is a conditional update (only rows unclaimed or
 * whose lease ran out), so API processes running this at once each get their own rows and a push goes out once;
 * a row whose sender died is claimed again when its lease ends.
 */
export async function deliverDueNotifications(deps: DeliveryDeps): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, pruned: 0, failed: 0 };
  const vapid = deps.config.vapid;
  if (!vapid) return report;
  const { db } = deps;
  const claimer = randomUUID();
  const now = new Date(deps.config.now());
  const at = now.toISOString();
  const candidates = await db
    .selectFrom('notification_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('attempts', '<', MAX_ATTEMPTS)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  if (candidates.length === 0) return report;
  const claimed = await db
    .updateTable('notification_outbox')
    .set({ claimed_by: claimer, claimed_until: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
    .where(
      'id',
      'in',
      candidates.map((c) => c.id),
    )
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .returning('id')
    .execute();
  if (claimed.length === 0) return report;
  const rows = await db
    .selectFrom('notification_outbox as o')
    .innerJoin('notifications as n', 'n.id', 'o.notification_id')
    .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
    .select([
      'o.id',
      'o.attempts',
      'o.subscription_id',
      'n.title',
      'n.body',
      'n.url',
      's.endpoint',
      's.p256dh',
      's.auth',
    ])
    .where(
      'o.id',
      'in',
      claimed.map((c) => c.id),
    )
    .where('o.claimed_by', '=', claimer)
    .orderBy('o.id')
    .execute();
  // Only the operator's own push origins may be on its network; the lookup is the system's unless a test gives one.
  const policy: OutboundPolicy = {
    privateOrigins: deps.config.pushServices.origins,
    lookup: deps.config.outbound.lookup,
    timeoutMs: SEND_TIMEOUT_MS,
  };
  const gone = new Set<number>();
  for (const row of rows) {
    if (gone.has(row.subscription_id)) continue;
    const payload = JSON.stringify({ title: row.title, body: row.body, url: row.url });
    const subscription = { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } };
    const result = pushEndpointProblem(row.endpoint, deps.config.pushServices)
      ? // Saved before the push services were a list (or before a host left it): never sent to again.
        { outcome: 'gone' as const, error: 'endereço fora dos serviços de push aceitos' }
      : await send(vapid, subscription, payload, policy);
    const attempts = row.attempts + 1;
    const doneAt = new Date(deps.config.now()).toISOString();
    const mine = db.updateTable('notification_outbox').where('id', '=', row.id).where('claimed_by', '=', claimer);
    switch (result.outcome) {
      case 'sent':
        report.sent += 1;
        await mine
          .set({ sent_at: doneAt, attempts, claimed_by: null, claimed_until: null, last_error: null })
          .execute();
        break;
      case 'gone':
        // The browser unsubscribed or the subscription expired, or its address is one the club does not call: it will
        // never take a push again. Its outbox rows go with it (on delete cascade); the app saves a new one when it
        // opens.
        report.pruned += 1;
        gone.add(row.subscription_id);
        await db.deleteFrom('push_subscriptions').where('id', '=', row.subscription_id).execute();
        break;
      case 'retry': {
        const giveUp = attempts >= MAX_ATTEMPTS;
        if (giveUp) report.failed += 1;
        else report.retried += 1;
        await mine
          .set({
            attempts,
            next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
            claimed_by: null,
            claimed_until: null,
            last_error: result.error,
          })
          .execute();
        break;
      }
      case 'failed':
        report.failed += 1;
        await mine
          .set({ attempts: MAX_ATTEMPTS, claimed_by: null, claimed_until: null, last_error: result.error })
          .execute();
        break;
    }
  }
  return report;
}

/**
 * One push: web-push encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID header; the club sends the
 * request itself through the outbound guard, with a timeout, so a push service that hangs costs ten seconds of this
 * job and nothing else. An address the guard refuses (an internal one, whatever the name says) drops the
 * subscription: no retry would make it acceptable.
 */
async function send(
  vapid: VapidKeys,
  subscription: PushSubscription,
  payload: string,
  policy: OutboundPolicy,
): Promise<{ outcome: Outcome; error: string | null }> {
  let request: RequestDetails;
  try {
    request = webPush.generateRequestDetails(subscription, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
  } catch (error) {
    // Keys the browser never made (a malformed p256dh or auth): no retry can fix them.
    return { outcome: 'gone', error: (error as Error).message.slice(0, 200) };
  }
  let status: number;
  try {
    const response = await outboundRequest(
      request.endpoint,
      {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body: request.body ?? undefined,
      },
      // Only the status matters: a kibibyte of the answer is read at most, the rest not downloaded.
      { ...policy, maxBodyBytes: 1024 },
    );
    status = response.status;
  } catch (error) {
    const message = (error as Error).message.slice(0, 200);
    return { outcome: error instanceof OutboundRefusedError ? 'gone' : 'retry', error: message };
  }
  if (status >= 200 && status < 300) return { outcome: 'sent', error: null };
  if (status === 404 || status === 410) return { outcome: 'gone', error: `HTTP ${status}` };
  if (status === 429 || status >= 500) return { outcome: 'retry', error: `HTTP ${status}` };
  // 3xx included: a redirect is an answer, never followed, and the push is given up like any other refusal.
  return { outcome: 'failed', error: `HTTP ${status}` };
}

/** Daily: the inbox keeps 90 days; sent pushes leave the outbox after a day, unsent ones after a week. */
export const INBOX_RETENTION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function pruneNotifications(db: Db, now: Date): Promise<void> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  await db
    .deleteFrom('notification_outbox')
    .where((eb) =>
      eb.or([
        eb('sent_at', '<', before(1)),
        eb.and([eb('sent_at', 'is', null), eb('created_at', '<', before(7))]),
        eb.and([eb('sent_at', 'is', null), eb('attempts', '>=', MAX_ATTEMPTS)]),
      ]),
    )
    .execute();
  await db.deleteFrom('notifications').where('created_at', '<', before(INBOX_RETENTION_DAYS)).execute();
}
