import type { Generated, Kysely, Selectable } from 'kysely';
import { buildPath } from '../../../lib/routes';
import type { Database } from '../../db/schema';
import { apiRouteTable } from '../../http/api-routes';

export const CONTENT_KINDS = [
  'campaign',
  'standard-campaign',
  'promotion',
  'rule-book',
  'faq-subject',
  'faq-item',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export type ContentState = 'published' | 'draft';

export interface ContentEntriesTable {
  id: Generated<number>;
  kind: ContentKind;
  parent_key: string;
  key: string;
  state: ContentState;
  position: number;
  /** YYYY-MM-DD, inclusive. */
  starts_on: string | null;
  /** YYYY-MM-DD, inclusive. */
  ends_on: string | null;
  title: string;
  summary: string;
  /** Already sanitised when stored. */
  body_html: string;
  banner_asset_id: string | null;
  banner_alt: string;
  /** JSON with the fields only one kind has (points rule, prizes, survey, ...). */
  data: string;
  updated_at: string;
}

export interface ContentAssetsTable {
  id: string;
  mime: string;
  width: number;
  height: number;
  bytes: Buffer;
  created_at: Generated<string>;
}

export interface SurveyResponsesTable {
  id: Generated<number>;
  promotion_key: string;
  user_id: number;
  /** JSON array of the validated answers. */
  answers: string;
  created_at: string;
}

// A type alias, not an interface: withTables() needs an index-compatible record.
export type ContentTables = {
  content_entries: ContentEntriesTable;
  content_assets: ContentAssetsTable;
  survey_responses: SurveyResponsesTable;
};

export type ContentDb = Kysely<Database & ContentTables>;
export type ContentEntryRow = Selectable<ContentEntriesTable>;

/** The content tables live in this module, so the shared Database type does not have to know them. */
export const contentDb = (db: Kysely<Database>): ContentDb => db.withTables<ContentTables>();

export const assetUrl = (assetId: string): string => buildPath(apiRouteTable.contentImage.path, { id: assetId });
