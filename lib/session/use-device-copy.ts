'use client';
import { useEffect, useMemo } from 'react';
import { isOffline } from '../network/use-offline';
import { readSnapshotEntry, saveSnapshotPart } from './member-snapshot';
import { useSessionSubject } from './use-current-user-query';

export interface DeviceCopy<T> {
  /** The club's answer, else this member's last one kept on the device. */
  readonly value: T | undefined;
  /** Whether `value` is the device's copy (the club has not answered on this screen). */
  readonly fromDevice: boolean;
  /** When the copy came from the club, when known. */
  readonly savedAt: number | null;
}

/**
 * A member's list as the club last sent it, for a screen opened without signal (the extract, the invoices, the
 * projects). Same rules as home's snapshot: one member's copy, gone on logout. `keep` is false for what is not worth
 * keeping (a filtered view): nothing is read or written then. `consistent` is false while the answer is not the club's
 * settled one (Apollo's copy shown while the club is asked, or one that disagrees with the member's balance): an
 * offline copy is written only from a consistent read, never from a stale one with a new time.
 */
export function useDeviceCopy<T>(
  part: string,
  fresh: T | undefined,
  keep = true,
  consistent = true,
  /**
   * Whether the copy may be shown now. A screen whose items take the focus or scroll into view when they arrive
   * (a notice's order in /meus-resgates) passes "the club cannot answer": with signal the list is drawn once, from
   * the club, and never first from the copy and then again.
   */
  show = true,
): DeviceCopy<T> {
  const subject = useSessionSubject();
  const entry = useMemo(() => (keep && show ? readSnapshotEntry<T>(subject, part) : null), [keep, show, subject, part]);
  useEffect(() => {
    // Without signal the answer came from Apollo's memory, not the club: its time would say it is newer than it is.
    if (keep && consistent && fresh !== undefined && !isOffline()) saveSnapshotPart(subject, part, fresh);
  }, [keep, consistent, fresh, subject, part]);
  if (fresh !== undefined || !entry) return { value: fresh, fromDevice: false, savedAt: null };
  return { value: entry.value, fromDevice: true, savedAt: entry.savedAt };
}

/** When this member's part last came from the club, read again each time `read` turns true (going offline). */
export function useSavedAt(part: string, read: boolean): number | null {
  const subject = useSessionSubject();
  return useMemo(() => (read ? (readSnapshotEntry(subject, part)?.savedAt ?? null) : null), [read, subject, part]);
}
