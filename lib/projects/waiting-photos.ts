import { isClubUnreachable, subscribeReachability } from '../network/reachability';
import { cannotReachClub } from '../offline-queue/cannot-reach-club';
import { changed, currentMember, queueStore, settle } from '../offline-queue/page-queue';
import { QueueError, type QueuedPhoto } from '../offline-queue/store';

/*
 * Project photos picked without signal: kept in the device's queue for this member and this draft, and uploaded by
 * the form when the club answers again. Loaded only when an upload fails or when the form finds something waiting,
 * never with the page.
 */

export { cannotReachClub };

export const PHOTO_KEPT_MESSAGE =
  'Sem sinal: a foto fica guardada neste aparelho e será enviada quando houver conexão.';

/** The draft a photo belongs to: the refused project being corrected, or the new one. */
export const draftKey = (projectId: string | null): string => projectId ?? 'novo';

async function storeOfMember() {
  const member = currentMember();
  if (!member) throw new QueueError('unavailable');
  return { member, store: await queueStore() };
}

/** Keeps a shrunk photo that could not reach the club; throws a QueueError with the pt-BR reason when it cannot. */
export async function keepPhoto(draft: string, file: File, idempotencyKey: string): Promise<QueuedPhoto> {
  const { member, store } = await storeOfMember();
  const kept = await store.addPhoto({
    member,
    draft,
    idempotencyKey,
    file: { name: file.name, type: file.type, blob: file },
  });
  await settle(store, member);
  changed();
  return kept;
}

/** This member's photos waiting for this draft, as files the form can upload. */
export async function waitingPhotos(draft: string): Promise<{ photo: QueuedPhoto; file: File }[]> {
  const member = currentMember();
  if (!member) return [];
  const photos = await (await queueStore()).photos(member, draft);
  return photos.map((photo) => ({
    photo,
    file: new File([photo.file.blob], photo.file.name, { type: photo.file.type }),
  }));
}

/** The photo went up or the member removed it: it leaves the device. */
export async function forgetPhoto(id: string): Promise<void> {
  const { member, store } = await storeOfMember();
  await store.removePhoto(member, id);
  await settle(store, member);
  changed();
}

/**
 * Calls `onReachable` whenever the club may answer again: the same triggers as the invoices' sender (the
 * reachability probe, the browser's `online`). Returns the unsubscribe.
 */
export function whenReachable(onReachable: () => void): () => void {
  const onProbe = () => {
    if (!isClubUnreachable()) onReachable();
  };
  const unsubscribe = subscribeReachability(onProbe);
  window.addEventListener('online', onReachable);
  return () => {
    unsubscribe();
    window.removeEventListener('online', onReachable);
  };
}
