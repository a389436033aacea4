import type { Kysely } from 'kysely';
import { buildPath } from '../../../lib/routes';
import type { Database } from '../../db/schema';
import { apiRouteTable } from '../../http/api-routes';

// The content tables are declared with every other table in server/db/schema.ts.
export { CONTENT_KINDS } from '../../db/schema';
export type { ContentEntryRow, ContentKind, ContentState } from '../../db/schema';

export type ContentDb = Kysely<Database>;

export const assetUrl = (assetId: string): string => buildPath(apiRouteTable.contentImage.path, { id: assetId });
