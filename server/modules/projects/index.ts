import type { ClubModule } from '../club-module';
import { projectsResolvers } from './resolvers';
import { projectsHttp } from './http';
import { photoSweepJob } from './sweep-job';
import { seedProductCatalogue } from './catalogue';
import { projectsStaffResolvers } from './staff-resolvers';
import { projectStaffFiles } from './staff-review';
import { memberPhotoKeys } from './repository';

export { demoProjectEvents } from './demo-projects';
export { countOwnProjects, listOwnProjects, projectsForReview } from './repository';
export { approveProject, publishProject, rejectProject, unpublishProject } from './actions';
export { photoUploadLimiter } from './upload-limiter';

export const projectsModule: ClubModule = {
  name: 'projects',
  resolvers: projectsResolvers,
  staffResolvers: projectsStaffResolvers,
  staffFiles: projectStaffFiles,
  routes: projectsHttp,
  jobs: ({ db, storage, config }) => [photoSweepJob(db, storage, config.now)],
  seedReference: seedProductCatalogue,
  // Projects, photos' rows, products and events go by the cascade from users; both sizes of each photo are named here.
  removeMember: (db, member) => memberPhotoKeys(db, member.id),
};
