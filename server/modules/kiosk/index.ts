import type { ClubModule } from '../club-module';
import { kioskResolvers } from './resolvers';
import { kioskStaffResolvers } from './staff-resolvers';

export { createKioskCode } from './service';

export const kioskModule: ClubModule = {
  name: 'kiosk',
  resolvers: kioskResolvers,
  staffResolvers: kioskStaffResolvers,
};
