import type { ClubModule } from '../club-module';
import { seedCatalogue } from './seed';
import { productsStaffResolvers } from './staff-resolvers';

export { catalogue, importCatalogue, searchCatalogue, type CatalogueEntry, type CatalogueImport } from './actions';
export { listProducts, productLines, productsByGtin } from './repository';
export { SEED_CATALOGUE_FILE } from './seed';

/** The brand's product catalogue by GTIN: which NF-e items are the brand's, and of which line. */
export const productsModule: ClubModule = {
  name: 'products',
  staffResolvers: productsStaffResolvers,
  seedReference: seedCatalogue,
};
