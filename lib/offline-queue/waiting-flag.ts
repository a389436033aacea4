import { registerPersistedVariable } from '../session/storage';

/**
 * Whether something may wait in the device's queue (lib/offline-queue/store.ts): a flag every page can read at once,
 * so the queue's code and its database are loaded only on a device where something waits. Device-wide, not per
 * member: the queue module itself keeps each member's entries apart.
 */
export const WAITING_FLAG = registerPersistedVariable<boolean>('OFFLINE_QUEUE', false);

export const somethingWaits = (): boolean => WAITING_FLAG.read() === true;
