'use client';
import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import type { ProgressFetchOptions } from '@/lib/apollo/xhr-fetch';
import { apiHref } from '@/lib/files/api-href';
import { newAttemptKey } from '@/lib/network/attempt-key';
import { somethingWaits } from '@/lib/offline-queue/waiting-flag';
import type { DraftPhoto } from '@/lib/projects/draft';
import { PROJECT_PHOTOS_MAX } from '@/common/projects/limits';
import { MUploadProjectPhoto } from '@/lib/projects/operations';
import {
  checkProjectPhoto,
  moveItem,
  photoPreview,
  PROJECT_PHOTO_MESSAGES,
  shrinkProjectPhoto,
} from '@/lib/projects/photos';

/** One photo of the form: uploaded on its own as soon as it is picked, so it can fail and be retried alone. */
export interface PhotoItem {
  /** Local key, stable across retries. */
  readonly key: string;
  /** `waiting`: it could not reach the club and is kept on the device until the signal returns. */
  readonly status: 'preparing' | 'uploading' | 'failed' | 'waiting' | 'done';
  /** 0 to 1 while uploading. */
  readonly progress: number;
  /** Seconds left at the current speed, while uploading. */
  readonly secondsLeft: number | null;
  /** The server's photo id once uploaded. */
  readonly id: string | null;
  readonly preview: string;
  readonly width: number;
  readonly height: number;
  readonly name: string;
  readonly error: string | null;
}

export const PHOTO_QUEUE_MESSAGES = {
  waiting: 'Aguarde o envio das fotos terminar.',
  failed: 'Uma foto não foi enviada. Toque em "Tentar de novo" ou remova a foto.',
  offline:
    'Há fotos aguardando sinal, guardadas neste aparelho: o projeto pode ser enviado quando elas forem enviadas (ou remova-as).',
  uploadFailed: (reason: string) => `A foto não foi enviada: ${reason}`,
} as const;

const donePhoto = (photo: DraftPhoto): PhotoItem => ({
  key: photo.id,
  status: 'done',
  progress: 1,
  secondsLeft: null,
  id: photo.id,
  preview: photo.preview,
  width: photo.width,
  height: photo.height,
  name: '',
  error: null,
});

const isOnItsWay = (photo: PhotoItem) => photo.status === 'preparing' || photo.status === 'uploading';

/** Why the photos cannot be sent with the project yet, in pt-BR, or null when they can. */
export function photosProblem(photos: readonly PhotoItem[]): string | null {
  if (photos.some(isOnItsWay)) return PHOTO_QUEUE_MESSAGES.waiting;
  if (photos.some((p) => p.status === 'waiting')) return PHOTO_QUEUE_MESSAGES.offline;
  if (photos.some((p) => p.status === 'failed')) return PHOTO_QUEUE_MESSAGES.failed;
  return photos.length === 0 ? PROJECT_PHOTO_MESSAGES.none : null;
}

/** The uploaded photos as the draft keeps them; a photo still on its way is left out (its file cannot be kept). */
export function keptPhotos(photos: readonly PhotoItem[]): DraftPhoto[] {
  return photos
    .filter((p) => p.status === 'done' && p.id)
    .map((p) => ({ id: p.id as string, preview: p.preview, width: p.width, height: p.height }));
}

export interface PhotoQueue {
  readonly photos: readonly PhotoItem[];
  /** Why files of the last pick were left out, in pt-BR. */
  readonly pickErrors: readonly string[];
  /** A photo is still being prepared or sent: leaving the page would lose it. */
  readonly busy: boolean;
  pick(files: readonly File[]): Promise<void>;
  retry(key: string): void;
  remove(key: string): void;
  move(from: number, to: number): void;
  /** Starts over from these uploaded photos, forgetting any still on its way. */
  reset(photos: readonly DraftPhoto[]): void;
}

/**
 * The project's photos, each shrunk and uploaded as soon as it is picked, with its progress and the seconds left at
 * the current speed. One upload at a time: on a weak signal, parallel uploads only share the same thin pipe. A
 * failed upload keeps its file and idempotency key, so "Tentar de novo" sends the same photo without a duplicate.
 */
export function usePhotoQueue(initial: readonly DraftPhoto[], projectId: string | null): PhotoQueue {
  const client = useApolloClient();
  const [photos, setPhotos] = useState<PhotoItem[]>(() => initial.map(donePhoto));
  const [pickErrors, setPickErrors] = useState<string[]>([]);
  /** `queuedId`: the photo waits in the device's queue under this id. */
  const files = useRef(new Map<string, { file: File; attemptKey: string; queuedId?: string }>());
  const queue = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(new Set<string>());
  const stopListening = useRef<(() => void) | null>(null);

  const update = (key: string, change: Partial<PhotoItem>) =>
    setPhotos((current) => current.map((p) => (p.key === key ? { ...p, ...change } : p)));

  /** The waiting photos go up again, one at a time like the others. */
  function uploadWaiting(): void {
    for (const key of waiting.current) {
      waiting.current.delete(key);
      update(key, { status: 'uploading', progress: 0, error: null });
      queue.current = queue.current.then(() => upload(key));
    }
  }

  /** The code of the photos that wait for signal comes only when one fails to reach the club or one waits. */
  async function waitingPhotosModule() {
    const waitingPhotos = await import(/* webpackChunkName: "offline-queue" */ '@/lib/projects/waiting-photos');
    stopListening.current ??= waitingPhotos.whenReachable(uploadWaiting);
    return waitingPhotos;
  }

  /** The upload could not reach the club: the photo waits on the device. False when it cannot wait (the club answered). */
  async function keptForLater(key: string, error: unknown): Promise<boolean> {
    const entry = files.current.get(key);
    if (!entry) return false;
    try {
      const { cannotReachClub, draftKey, keepPhoto, PHOTO_KEPT_MESSAGE } = await waitingPhotosModule();
      if (!cannotReachClub(error)) return false;
      entry.queuedId ??= (await keepPhoto(draftKey(projectId), entry.file, entry.attemptKey)).id;
      waiting.current.add(key);
      update(key, { status: 'waiting', progress: 0, secondsLeft: null, error: PHOTO_KEPT_MESSAGE });
      return true;
    } catch {
      return false;
    }
  }

  useEffect(() => {
    if (!somethingWaits()) return undefined;
    let active = true;
    void (async () => {
      const { draftKey, waitingPhotos } = await waitingPhotosModule();
      const found = await waitingPhotos(draftKey(projectId));
      if (!active || found.length === 0) return;
      const items: PhotoItem[] = [];
      for (const { photo, file } of found) {
        const preview = await photoPreview(file);
        files.current.set(photo.id, { file, attemptKey: photo.idempotencyKey, queuedId: photo.id });
        waiting.current.add(photo.id);
        items.push({
          key: photo.id,
          status: 'waiting',
          progress: 0,
          secondsLeft: null,
          id: null,
          preview: preview?.url ?? '',
          width: preview?.width ?? 0,
          height: preview?.height ?? 0,
          name: photo.file.name,
          error: null,
        });
      }
      if (!active) return;
      setPhotos((current) => [...current, ...items]);
      if (navigator.onLine) uploadWaiting();
    })().catch(() => undefined);
    return () => {
      active = false;
      stopListening.current?.();
      stopListening.current = null;
    };
    // Read once, when the form opens for this draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function upload(key: string): Promise<void> {
    const entry = files.current.get(key);
    if (!entry) return;
    update(key, { status: 'uploading', progress: 0, secondsLeft: null, error: null });
    const started = Date.now();
    const fetchOptions: ProgressFetchOptions = {
      onUploadProgress: ({ loaded, total }) => {
        const elapsed = (Date.now() - started) / 1000;
        const rate = elapsed > 0 ? loaded / elapsed : 0;
        update(key, {
          progress: total > 0 ? loaded / total : 0,
          secondsLeft: rate > 0 && total > loaded ? Math.ceil((total - loaded) / rate) : null,
        });
      },
    };
    try {
      const { data } = await client.mutate({
        mutation: MUploadProjectPhoto,
        variables: { file: entry.file, idempotencyKey: entry.attemptKey },
        context: { fetchOptions },
      });
      const uploaded = data?.uploadProjectPhoto;
      if (!uploaded) throw new Error('no photo');
      files.current.delete(key);
      if (entry.queuedId) void forget(entry.queuedId);
      setPhotos((current) =>
        current.map((p) =>
          p.key === key
            ? {
                ...p,
                status: 'done',
                progress: 1,
                secondsLeft: null,
                id: uploaded.id,
                preview: p.preview || apiHref(uploaded.thumbnailUrl),
                width: uploaded.width,
                height: uploaded.height,
              }
            : p,
        ),
      );
    } catch (error) {
      if (await keptForLater(key, error)) return;
      update(key, {
        status: 'failed',
        secondsLeft: null,
        error: PHOTO_QUEUE_MESSAGES.uploadFailed(errorMessage(error as Error)),
      });
    }
  }

  async function prepare(key: string, original: File): Promise<void> {
    const file = await shrinkProjectPhoto(original);
    const preview = await photoPreview(file);
    files.current.set(key, { file, attemptKey: newAttemptKey() });
    update(key, { preview: preview?.url ?? '', width: preview?.width ?? 0, height: preview?.height ?? 0 });
    await upload(key);
  }

  async function pick(picked: readonly File[]): Promise<void> {
    const room = PROJECT_PHOTOS_MAX - photos.length;
    const problems: string[] = [];
    const accepted: { key: string; file: File }[] = [];
    for (const file of picked) {
      if (accepted.length >= room) {
        problems.push(PROJECT_PHOTO_MESSAGES.tooMany);
        break;
      }
      const problem = await checkProjectPhoto(file);
      if (problem) problems.push(problem);
      else accepted.push({ key: newAttemptKey(), file });
    }
    setPickErrors(problems);
    setPhotos((current) => [
      ...current,
      ...accepted.map(({ key, file }) => ({
        ...donePhoto({ id: '', preview: '', width: 0, height: 0 }),
        key,
        id: null,
        status: 'preparing' as const,
        progress: 0,
        name: file.name,
      })),
    ]);
    for (const { key, file } of accepted) queue.current = queue.current.then(() => prepare(key, file));
  }

  return {
    photos,
    pickErrors,
    busy: photos.some(isOnItsWay),
    pick,
    retry(key) {
      waiting.current.delete(key);
      update(key, { status: 'uploading', progress: 0, error: null });
      queue.current = queue.current.then(() => upload(key));
    },
    remove(key) {
      const queuedId = files.current.get(key)?.queuedId;
      if (queuedId) void forget(queuedId);
      waiting.current.delete(key);
      files.current.delete(key);
      setPhotos((current) => current.filter((p) => p.key !== key));
      setPickErrors([]);
    },
    move(from, to) {
      setPhotos((current) => moveItem(current, from, to));
    },
    reset(kept) {
      for (const { queuedId } of files.current.values()) if (queuedId) void forget(queuedId);
      waiting.current.clear();
      files.current.clear();
      setPhotos(kept.map(donePhoto));
      setPickErrors([]);
    },
  };
}

/** A photo that waited went up or was removed: it leaves the device. */
async function forget(queuedId: string): Promise<void> {
  const { forgetPhoto } = await import(/* webpackChunkName: "offline-queue" */ '@/lib/projects/waiting-photos');
  await forgetPhoto(queuedId).catch(() => undefined);
}
