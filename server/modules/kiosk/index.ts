import type { ClubModule } from '../club-module';
import { kioskResolvers } from './resolvers';

export { createKioskCode } from './service';

export const kioskModule: ClubModule = {
  name: 'kiosk',
  resolvers: kioskResolvers,
};
