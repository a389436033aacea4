'use client';
import { useEffect } from 'react';
import { useUnreadCount } from '@/lib/notifications/use-unread-count';

/** The bell's count, loaded once the page is idle: its query and listeners are not needed for the first paint. */
export default function UnreadCountWatcher({ onCount }: { onCount: (unread: number | null) => void }) {
  const unread = useUnreadCount();
  useEffect(() => onCount(unread), [unread, onCount]);
  return null;
}
