// Rewards' photos: kept as content images (the database serves them to every API process, cached for good since an
// image's id is its hash), each with a thumbnail the catalogue's cards load instead of the full picture.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/schema';
import { assetUrl, keepContentImage } from '../content';
import type { RewardPhotoFile, RewardSource } from './source';
import { loadSharp } from '../../adapters/sharp';

/** Long side of a card's thumbnail: a card is at most about 400 CSS px wide. */
export const THUMBNAIL_LONG_SIDE = 480;

interface Picture {
  id: string;
  mime: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** What `rewards.photos` holds (JSON), in the catalogue's order. */
export interface StoredRewardPhoto {
  id: string;
  width: number;
  height: number;
  thumbnailId: string;
  thumbnailWidth: number;
  thumbnailHeight: number;
  alt: string;
}

export interface RewardPhotoView {
  url: string;
  width: number;
  height: number;
  thumbnailUrl: string;
  thumbnailWidth: number;
  thumbnailHeight: number;
  alt: string;
}

/** A reward read from its file, its photos sized and ready to keep. */
export interface LoadedReward extends RewardSource {
  storedPhotos: StoredRewardPhoto[];
  pictures: Picture[];
}

const idOf = (bytes: Buffer, extension: string) =>
  `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;

/** The photo as its file has it (the content's own size), and a WebP thumbnail made from it. */
async function sizePhoto(photo: RewardPhotoFile): Promise<{ stored: StoredRewardPhoto; pictures: Picture[] }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(photo.bytes)
    .rotate()
    .resize(THUMBNAIL_LONG_SIDE, THUMBNAIL_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer({ resolveWithObject: true });
  const full: Picture = {
    id: idOf(photo.bytes, photo.info.extension),
    mime: photo.info.mime,
    width: photo.info.width,
    height: photo.info.height,
    bytes: photo.bytes,
  };
  const thumbnail: Picture = { id: idOf(data, 'webp'), mime: 'image/webp', ...info, bytes: data };
  return {
    stored: {
      id: full.id,
      width: full.width,
      height: full.height,
      thumbnailId: thumbnail.id,
      thumbnailWidth: thumbnail.width,
      thumbnailHeight: thumbnail.height,
      alt: photo.alt,
    },
    pictures: [full, thumbnail],
  };
}

/** Sizes every photo of the rewards read (a few tens of milliseconds each, before any transaction starts). */
export async function withSizedPhotos(sources: readonly RewardSource[]): Promise<LoadedReward[]> {
  return Promise.all(
    sources.map(async (source) => {
      const sized = await Promise.all(source.photos.map(sizePhoto));
      return {
        ...source,
        storedPhotos: sized.map((s) => s.stored),
        pictures: sized.flatMap((s) => s.pictures),
      };
    }),
  );
}

/** Keeps the rewards' pictures (an image already kept, by its hash, is left as it is). */
export async function keepPictures(db: Db, rewards: readonly LoadedReward[]): Promise<void> {
  for (const reward of rewards) {
    for (const { id, mime, width, height, bytes } of reward.pictures) {
      await keepContentImage(db, { id, mime, width, height, bytes });
    }
  }
}

/** `rewards.photos` as the API answers it. */
export function photoViews(json: string): RewardPhotoView[] {
  const stored = JSON.parse(json) as StoredRewardPhoto[];
  return stored.map((p) => ({
    url: assetUrl(p.id),
    width: p.width,
    height: p.height,
    thumbnailUrl: assetUrl(p.thumbnailId),
    thumbnailWidth: p.thumbnailWidth,
    thumbnailHeight: p.thumbnailHeight,
    alt: p.alt,
  }));
}
