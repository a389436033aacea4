import path from 'node:path';
import type { Db } from '../../db/schema';
import { hasContent, importContent } from './importer';
import { readContentFolderCached } from './source';

/** The content shipped with the app, at the repository root. */
export const SEED_CONTENT_DIR = path.resolve(__dirname, '..', '..', '..', 'content');

/**
 * The bundled content, the first time the club starts with none. The editor who previews drafts is demo data
 * (DEMO_EDITOR, seeded with the other demo accounts): a real club names its editors with `npm run members --
 * account-type`.
 */
export async function seedContent(db: Db): Promise<void> {
  if (!(await hasContent(db))) await importContent(db, readContentFolderCached(SEED_CONTENT_DIR));
}
