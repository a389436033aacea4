import type { Resolvers } from '../../graphql/generated/resolvers-types';
import {
  getProject,
  listProjects,
  openProjects,
  productCatalog,
  projectCounts,
  resendProject,
  submitProject,
  uploadPhoto,
} from './service';

export const projectsResolvers: Resolvers = {
  Query: {
    projects: (_root, args, ctx) => listProjects(ctx, args),
    project: (_root, args, ctx) => getProject(ctx, args.id),
    myProjectCounts: (_root, _args, ctx) => projectCounts(ctx),
    myOpenProjects: (_root, _args, ctx) => openProjects(ctx),
    productCatalog: (_root, args, ctx) => productCatalog(ctx, args.search),
  },
  Mutation: {
    uploadProjectPhoto: (_root, args, ctx) => uploadPhoto(ctx, args),
    submitProject: (_root, args, ctx) => submitProject(ctx, args),
    resendProject: (_root, args, ctx) => resendProject(ctx, args),
  },
};
