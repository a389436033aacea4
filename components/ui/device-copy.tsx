'use client';
import { lazy, Suspense, type ComponentType } from 'react';

// Out of the pages' first load (the member pages are at their 200 kB budget): a screen with signal never shows it.
// Without signal and before the service worker kept the chunk, the notice is left out instead of failing the page.
const DeviceCopyNotice = lazy((): Promise<{ default: ComponentType<{ savedAt: number | null }> }> =>
  import('./device-copy-notice').then(
    (m) => ({ default: m.DeviceCopyNotice }),
    () => ({ default: () => null }),
  ),
);

/** "Atualizado às…" above what a screen shows from the device's copy; nothing when it shows the club's answer. */
export function DeviceCopy({ shown, savedAt }: { shown: boolean; savedAt: number | null }) {
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <DeviceCopyNotice savedAt={savedAt} />
    </Suspense>
  );
}
