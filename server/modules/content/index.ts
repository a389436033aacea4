import type { ClubModule } from '../club-module';
import { contentResolvers } from './resolvers';
import { registerContentAssets } from './assets-route';
import { seedContent } from './seed';

export { importContent } from './importer';
export { ContentSourceError, readContentFolder } from './source';

export const contentModule: ClubModule = {
  name: 'content',
  resolvers: contentResolvers,
  routes: async (app, { db }) => registerContentAssets(app, db),
  seedContent,
};
