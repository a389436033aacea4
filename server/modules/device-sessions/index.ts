import type { ClubModule } from '../club-module';
import { deviceSessionsResolvers } from './resolvers';
import { deviceSessionsHttp } from './http';
import { deviceSessionsCleanupJob } from './cleanup-job';

export { memberOfActiveFamily } from './repository';
export { assessDeviceRisk, memberDevicesForSupport, type MemberDeviceView } from './service';

export const deviceSessionsModule: ClubModule = {
  name: 'device-sessions',
  resolvers: deviceSessionsResolvers,
  routes: deviceSessionsHttp,
  jobs: ({ db, config }) => [deviceSessionsCleanupJob(db, config)],
};
