import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import {
  approveAsStaff,
  confirmApprovalAsStaff,
  nextProject,
  projectDetail,
  projectQueue,
  publishAsStaff,
  unpublishAsStaff,
  rejectAsStaff,
  releaseProject,
  takeProject,
} from './staff-review';

/** The project review in the painel: every operation for reviewers (revisor) only. */
export const projectsStaffResolvers: StaffResolverSet = {
  Query: {
    staffProjectQueue: {
      access: ['revisor'],
      resolve: (_parent, args, ctx) => projectQueue(ctx, requireRole(ctx, 'revisor'), args),
    },
    staffProject: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => projectDetail(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffNextProject: {
      access: ['revisor'],
      resolve: (_parent, { after }, ctx) => nextProject(ctx, requireRole(ctx, 'revisor'), after),
    },
  },
  Mutation: {
    staffTakeProject: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => takeProject(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffReleaseProject: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => releaseProject(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffApproveProject: {
      access: ['revisor'],
      resolve: (_parent, args, ctx) => approveAsStaff(ctx, requireRole(ctx, 'revisor'), args),
    },
    staffConfirmProjectApproval: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => confirmApprovalAsStaff(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffRejectProject: {
      access: ['revisor'],
      resolve: (_parent, { id, reason }, ctx) => rejectAsStaff(ctx, requireRole(ctx, 'revisor'), id, reason),
    },
    staffPublishProject: {
      access: ['revisor'],
      resolve: (_parent, { id }, ctx) => publishAsStaff(ctx, requireRole(ctx, 'revisor'), id),
    },
    staffUnpublishProject: {
      access: ['revisor'],
      resolve: (_parent, { id, reason }, ctx) => unpublishAsStaff(ctx, requireRole(ctx, 'revisor'), id, reason),
    },
  },
};
