'use client';
import { useEffect, useMemo } from 'react';
import { readSnapshotPart, sameOrFresh, saveSnapshotPart } from './member-snapshot';
import { useSessionSubject } from './use-current-user-query';

/**
 * The network's answer when it has come, else what this member saw last on this device (home's lists), so a
 * returning member sees home at once on a weak signal. Each fresh answer is kept for the next visit.
 */
export function useRemembered<T>(part: string, fresh: T | undefined): T | undefined {
  const subject = useSessionSubject();
  const remembered = useMemo(() => readSnapshotPart<T>(subject, part) ?? undefined, [subject, part]);
  useEffect(() => {
    if (fresh !== undefined) saveSnapshotPart(subject, part, fresh);
  }, [fresh, subject, part]);
  return useMemo(
    () => (fresh === undefined ? remembered : sameOrFresh(remembered ?? null, fresh)),
    [fresh, remembered],
  );
}
