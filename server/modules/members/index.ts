import type { ClubModule } from '../club-module';
import { membersStaffResolvers } from './staff-resolvers';

export { operatorSwitches, showMember } from './actions';

export const membersModule: ClubModule = {
  name: 'members',
  staffResolvers: membersStaffResolvers,
};
