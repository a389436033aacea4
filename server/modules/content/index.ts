import type { ClubModule } from '../club-module';
import { contentResolvers } from './resolvers';
import { registerContentAssets } from './assets-route';
import { seedContent } from './seed';

export { importContent } from './importer';
export { ContentSourceError, readContentFolder } from './source';
// Whoever previews content drafts previews reward drafts too.
export { CONTENT_PREVIEW_ACCOUNT_TYPES } from './service';
// Other modules' pictures (the rewards') are kept and served as content images.
export { assetUrl } from './asset-url';
export { MAX_IMAGE_BYTES, sniffImage, type ImageInfo } from './images';
export { insertAssetOnce as keepContentImage } from './repository';

export const contentModule: ClubModule = {
  name: 'content',
  resolvers: contentResolvers,
  routes: async (app, { db }) => registerContentAssets(app, db),
  seedContent,
};
