/**
 * Maintenance mode (docs/product.md#14-maintenance-mode). At build time `NEXT_PUBLIC_MAINTENANCE_MODE=true` makes an
 * export that shows the maintenance screen on every route; at run time the API started with `MAINTENANCE=true` answers
 * every request with a 503 carrying this code, and the app shows the same screen until the club answers again. Either
 * way the member stays logged in: the tokens are never touched.
 */

/** `extensions.code` of the API's maintenance answer: a 503 with Retry-After. The API imports it from here. */
export const MAINTENANCE_CODE = 'MAINTENANCE';

/** The API's message in that answer. */
export const MAINTENANCE_MESSAGE = 'Estamos em manutenção. Tente de novo em alguns minutos.';

/** True for the body of the API's maintenance answer: `{ errors: [{ extensions: { code: 'MAINTENANCE' } }] }`. */
export function isMaintenanceBody(body: unknown): boolean {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return (
    Array.isArray(errors) &&
    errors.some((e) => (e as { extensions?: { code?: unknown } } | null)?.extensions?.code === MAINTENANCE_CODE)
  );
}

/** The same check on a body still in text (an Apollo ServerError's `bodyText`). */
export function isMaintenanceText(bodyText: string): boolean {
  try {
    return isMaintenanceBody(JSON.parse(bodyText));
  } catch {
    return false;
  }
}

/** Whether a fetched answer is the API's maintenance answer; reads a copy of the body only for a 503. */
export async function isMaintenanceResponse(response: Response): Promise<boolean> {
  if (response.status !== 503) return false;
  try {
    return isMaintenanceBody(await response.clone().json());
  } catch {
    return false;
  }
}
