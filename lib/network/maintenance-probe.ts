import { isMaintenanceResponse } from '@/common/network/maintenance';
import { enterMaintenance, isUnderMaintenance, leaveMaintenance } from './maintenance';

/* Only the maintenance screen, loaded when it is needed, asks the club whether it is back. */

/** Time between two checks of whether the club is back, while the maintenance screen shows. */
export const MAINTENANCE_PROBE_INTERVAL_MS = 15_000;

/**
 * Asks the club whether the maintenance is over with the smallest request it takes (a GET of the GraphQL address,
 * which a working API refuses with a short 400): any answer but the maintenance 503 ends it; no answer at all
 * changes nothing. Resolves to whether the maintenance is still on.
 */
export async function probeMaintenance(
  graphqlUrl: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<boolean> {
  try {
    const response = await fetchImpl(graphqlUrl, { method: 'GET', cache: 'no-store' });
    if (await isMaintenanceResponse(response)) enterMaintenance();
    else leaveMaintenance();
  } catch {
    // No answer: not a sign the maintenance ended.
  }
  return isUnderMaintenance();
}
