import type { ClubModule } from '../club-module';
import { profileResolvers } from './resolvers';
import { registerProfileImageRoute } from './profile-image';
import { seedPlacesAndCareers } from './places-and-careers';
import { seedProfileReferenceData } from './reference-data';
import { forgetMember } from './data-rights';

export { cityKey, listedCitiesOf, stateByUf } from './repository';

export const profileModule: ClubModule = {
  name: 'profile',
  resolvers: profileResolvers,
  routes: async (app, { storage }) => registerProfileImageRoute(app, storage),
  seedReference: async (db) => {
    await seedPlacesAndCareers(db);
    await seedProfileReferenceData(db);
  },
  removeMember: forgetMember,
};
