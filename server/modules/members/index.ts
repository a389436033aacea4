import type { ClubModule } from '../club-module';
import { membersStaffResolvers } from './staff-resolvers';

export { OperatorError, operatorSwitches, showMember } from './operator';

export const membersModule: ClubModule = {
  name: 'members',
  staffResolvers: membersStaffResolvers,
};
