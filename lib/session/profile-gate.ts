import { routes, type RouteDef } from '@/common/routes';

export interface ProfileCompleteness {
  hasBasicProfile: boolean;
  hasPhoneNumber: boolean;
  changePasswordRequired: boolean;
}

/**
 * Where the completeness gate sends a member (docs/product.md#43-profile-completeness): data first, then phone, then
 * a required password change.
 * Null when the profile is complete or the route has the gate turned off.
 */
export function profileGateTarget(status: ProfileCompleteness, route: RouteDef | null | undefined): string | null {
  if (route?.profileGate === false) return null;
  if (!status.hasBasicProfile) return routes.completeData();
  if (!status.hasPhoneNumber) return routes.completePhone();
  if (status.changePasswordRequired) return routes.completePassword();
  return null;
}
