import type { ClubModule } from '../club-module';
import { demoResolvers } from './resolvers';

/**
 * The demo data as a whole: whether the club still holds demo accounts (the `demoData` field the app and the painel
 * show their notice from), and the removal of the demo members with their data. The demo accounts themselves are
 * their modules' (users' DEMO_MEMBER_ACCOUNTS, staff's DEMO_STAFF and its own `removeDemoStaff`).
 */
export { demoDataPresent } from './status';
export { removeDemoMembers, type RemovedDemoMember } from './remove-members';

export const demoModule: ClubModule = {
  name: 'demo',
  resolvers: demoResolvers,
};
