import { routes } from '@/common/routes';
import { profileGateTarget, type ProfileCompleteness } from '../session/profile-gate';

/** After a completion step: the next missing step, or home when the profile is complete. */
export const nextCompletionStep = (status: ProfileCompleteness): string =>
  profileGateTarget(status, null) ?? routes.home();
