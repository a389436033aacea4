import type { ClubModule } from '../club-module';
import { demoResolvers } from './resolvers';

/**
 * The demo data as a whole: whether the club still holds demo accounts (the `demoData` field the app and the painel
 * show their notice from), and the removal of the demo members with their data. The demo accounts themselves are
 * their modules' (users' DEMO_MEMBER_ACCOUNTS, staff's DEMO_STAFF and its own `removeDemoStaff`).
 */
export { demoDataPresent } from './status';

/** After a removal: the start seeds what the settings ask, so the demo data comes back while DEMO_DATA is on. */
export const DEMO_DATA_COMES_BACK =
  'Com DEMO_DATA ligado (o padrão com SQLite fora de produção), o próximo início do servidor cria as contas de exemplo de novo: defina DEMO_DATA=false.';
export { removeDemoMembers, type RemovedDemoMember } from './remove-members';

export const demoModule: ClubModule = {
  name: 'demo',
  resolvers: demoResolvers,
};
