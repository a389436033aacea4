'use client';
import { formatUpdatedAt } from '@/common/format/dates';
import { useOffline } from '@/lib/network/use-offline';

/**
 * Tells the member that what is on screen is the copy this device kept, and from when: without signal, or while a
 * weak one brings the club's answer. Loaded by DeviceCopy only when a copy is shown.
 */
export function DeviceCopyNotice({ savedAt }: { savedAt: number | null }) {
  const offline = useOffline();
  const when = savedAt === null ? 'Guardado neste aparelho' : formatUpdatedAt(savedAt);
  return (
    <p className="device-copy">
      {offline ? 'Sem conexão: mostrando o que este aparelho guardou. ' : ''}
      <strong>{when}</strong>
      {offline ? '' : ' · atualizando…'}
    </p>
  );
}
