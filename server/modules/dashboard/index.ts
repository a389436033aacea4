import type { ClubModule } from '../club-module';
import { dashboardStaffResolvers } from './staff-resolvers';

/**
 * The painel's home figures: the queues against the rule book's deadline, today's approvals, the month's points and
 * the club's outstanding balance, sign-ups per day. It only reads the other modules' tables; it changes nothing.
 */
export const dashboardModule: ClubModule = {
  name: 'dashboard',
  staffResolvers: dashboardStaffResolvers,
};
