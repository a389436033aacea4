import type { ClubModule } from '../club-module';
import { usersResolvers } from './resolvers';

export { DEMO_EDITOR, DEMO_MEMBER, DEMO_MEMBER_ACCOUNTS, DEMO_REVIEW_MEMBERS, findDemoMembers } from './demo-member';
export {
  createMember,
  findCareer,
  findCity,
  findState,
  findUserByCpf,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  searchUsersByName,
  updateUser,
} from './repository';
export {
  addressView,
  CONSENT_MESSAGE,
  USER_DISABLED_MESSAGE,
  getCurrentMember,
  profileStatusOf,
  requireMember,
} from './service';
export type { AddressView, ProfileStatus } from './service';

export const usersModule: ClubModule = {
  name: 'users',
  resolvers: usersResolvers,
};
