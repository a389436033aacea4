import type { ApolloClient } from '@apollo/client';
import { QMe } from '../session/operations';

/**
 * One source of truth for the balance on the device (docs/notifications-and-offline.md#one-balance-on-the-device):
 * the member's `User` object in Apollo's cache. Every query that shows a balance also reads `me { id pointsBalance }`,
 * so any answer moves the one number home, the extract and the offline copy show. What points moving makes stale is
 * evicted here, in one place, so a screen shown later asks the club again and a screen open now refetches at once.
 */

/** Root fields that show the balance or are worked out from it. */
export const POINTS_FIELDS = [
  'pointsSummary',
  'pointsEntries',
  'closestReward',
  'rewards',
  'reward',
  'redemptionPreview',
  'pointsPartner',
  'partnerTransferSimulation',
] as const;

/** What a notice can be about (an invoice or project reviewed, an order or transfer that moved). */
export const NOTICE_SUBJECT_FIELDS = [
  'myInvoices',
  'invoice',
  'myInvoiceCounts',
  'myRefusedInvoices',
  'projects',
  'project',
  'myProjectCounts',
  'myOpenProjects',
  'myRewardOrders',
  'myPartnerTransfers',
  'myPartnerTransfer',
] as const;

const CHANNEL = 'clube-pontos';
const MOVED = 'points-moved';

type Cache = ApolloClient['cache'];

function evict(cache: Cache, fields: readonly string[]): void {
  for (const fieldName of fields) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}

/** For a mutation's `update`: the balance and what is built from it, plus the lists the mutation changed. */
export function evictAfterPointsMoved(cache: Cache, alsoStale: readonly string[] = []): void {
  evict(cache, [...POINTS_FIELDS, ...alsoStale]);
}

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

/** `me` from the club: the layout's query watches the cache, so home and the snapshot follow its answer. */
function refreshMember(client: ApolloClient): Promise<void> {
  return client
    .query({ query: QMe, fetchPolicy: 'network-only' })
    .then(() => undefined)
    .catch(() => undefined); // Without signal the device's copy stays; the next answer brings the balance.
}

/**
 * After a mutation that moved points has been answered: the member's balance is asked again, and the member's other
 * tabs are told to do the same (a tab kept open since login showed the balance of the login).
 */
export function pointsMoved(client: ApolloClient): Promise<void> {
  const other = channel();
  other?.postMessage(MOVED);
  other?.close();
  return refreshMember(client);
}

/**
 * A notice arrived (the bell's count rose): whatever it is about may have changed on the club's side, points
 * included, so what an open screen shows of it is read again, here and in the member's other tabs.
 */
export function noticeArrived(client: ApolloClient): Promise<void> {
  evict(client.cache, [...POINTS_FIELDS, ...NOTICE_SUBJECT_FIELDS]);
  return pointsMoved(client);
}

/** Listens for another tab's moves; returns the unsubscribe. */
export function followOtherTabs(client: ApolloClient): () => void {
  const other = channel();
  if (!other) return () => undefined;
  other.onmessage = (event: MessageEvent) => {
    if (event.data !== MOVED) return;
    evict(client.cache, [...POINTS_FIELDS, ...NOTICE_SUBJECT_FIELDS]);
    void refreshMember(client);
  };
  return () => other.close();
}
