import type { ClubModule } from '../club-module';

export { OperatorError, operatorSwitches, showMember } from './operator';

export const membersModule: ClubModule = {
  name: 'members',
};
