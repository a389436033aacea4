'use client';
import { lazy, Suspense } from 'react';

// Out of the pages' first load (the member pages are at their 200 kB budget): a screen with signal never shows it.
const DeviceCopyNotice = lazy(() => import('./device-copy-notice').then((m) => ({ default: m.DeviceCopyNotice })));

/** "Atualizado às…" above what a screen shows from the device's copy; nothing when it shows the club's answer. */
export function DeviceCopy({ shown, savedAt }: { shown: boolean; savedAt: number | null }) {
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <DeviceCopyNotice savedAt={savedAt} />
    </Suspense>
  );
}
