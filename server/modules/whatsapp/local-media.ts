import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  WHATSAPP_MEDIA_MAX_BYTES,
  WhatsappMediaRefused,
  type WhatsappGraph,
  type WhatsappMedia,
} from '../../adapters/whatsapp-graph';

/**
 * The embedded channel's media, without Meta: `npm run whatsapp -- enviar --arquivo` keeps the file in
 * DATA_DIR/whatsapp-media under a new media id, as Meta keeps a member's file for the club to download, and the
 * server reads it back by that id. Only ids of this form name a file, so an id can never reach outside the folder.
 */
const FOLDER = 'whatsapp-media';
const MEDIA_ID = /^[A-Za-z0-9]{16,64}$/;

export interface KeptMedia {
  readonly id: string;
  /** Hex, as Meta's media record writes it. */
  readonly sha256: string;
}

export async function keepLocalMedia(dataDir: string, bytes: Buffer): Promise<KeptMedia> {
  const id = randomBytes(16).toString('hex');
  const folder = path.join(dataDir, FOLDER);
  await mkdir(folder, { recursive: true });
  const partial = path.join(folder, `${id}.partial`);
  await writeFile(partial, bytes);
  await rename(partial, path.join(folder, id));
  return { id, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The embedded stand-in for Meta's media endpoints, with the same refusals. */
export function localMediaSource(dataDir: string): Pick<WhatsappGraph, 'media'> {
  return {
    async media(mediaId): Promise<WhatsappMedia> {
      if (!MEDIA_ID.test(mediaId)) throw new WhatsappMediaRefused('missing');
      const file = await open(path.join(dataDir, FOLDER, mediaId)).catch(() => null);
      if (!file) throw new WhatsappMediaRefused('missing');
      try {
        if ((await file.stat()).size > WHATSAPP_MEDIA_MAX_BYTES) throw new WhatsappMediaRefused('too-big');
        return { bytes: await file.readFile(), mimeType: 'application/octet-stream' };
      } finally {
        await file.close();
      }
    },
  };
}
