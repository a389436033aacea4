import { UNATTACHED_PHOTO_LIFETIME_MS } from '../../../common/projects/limits';
import type { Db } from '../../db/schema';
import type { ScheduledJob } from '../../jobs/scheduler';
import type { FileStorage } from '../../storage/file-storage';
import { discardPhoto, sweepUnknownPhotoFiles } from './photos';
import { deleteUnattachedPhoto, isPhotoPathReferenced, unattachedPhotosBefore } from './repository';

const HOUR_MS = 60 * 60 * 1000;
const BATCH = 200;

/**
 * Photos uploaded for a project that was never sent are removed 24 hours after their upload, rows and files; so are
 * photo files without a row (a process that stopped between the storage and the database). Returns how many
 * photos and stray files went.
 */
export async function sweepProjectPhotos(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_PHOTO_LIFETIME_MS).toISOString();
  let removed = 0;
  for (;;) {
    const photos = await unattachedPhotosBefore(db, before, BATCH);
    for (const photo of photos) {
      // The row goes first, and only if no send took the photo meanwhile; then its files.
      if (!(await deleteUnattachedPhoto(db, photo.id))) continue;
      await discardPhoto(storage, { storagePath: photo.storage_path, thumbnailPath: photo.thumbnail_path });
      removed++;
    }
    if (photos.length < BATCH) break;
  }
  removed += await sweepUnknownPhotoFiles(storage, (key) => isPhotoPathReferenced(db, key), now);
  return removed;
}

/** Hourly, once for all API processes (the job lock), so an abandoned photo lives at most 25 hours. */
export const photoSweepJob = (db: Db, storage: FileStorage, now: () => number): ScheduledJob => ({
  name: 'project-photo-sweep',
  everyMs: HOUR_MS,
  run: () => sweepProjectPhotos(db, storage, new Date(now())),
});
