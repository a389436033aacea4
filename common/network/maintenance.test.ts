/**
 * @jest-environment node
 */
import { isMaintenanceBody, isMaintenanceResponse, isMaintenanceText } from './maintenance';

const BODY = { errors: [{ message: 'Estamos em manutenção.', extensions: { code: 'MAINTENANCE' } }] };
const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the API’s maintenance answer', () => {
  it('is a 503 whose errors carry the MAINTENANCE code', async () => {
    expect(isMaintenanceBody(BODY)).toBe(true);
    expect(isMaintenanceText(JSON.stringify(BODY))).toBe(true);
    expect(isMaintenanceBody({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] })).toBe(false);
    expect(isMaintenanceBody(null)).toBe(false);
    expect(isMaintenanceText('Service Unavailable')).toBe(false);
    expect(await isMaintenanceResponse(json(BODY, 503))).toBe(true);
    expect(await isMaintenanceResponse(json(BODY, 500))).toBe(false);
    expect(await isMaintenanceResponse(new Response('<html>', { status: 503 }))).toBe(false);
  });

  it('leaves the response readable for whoever asked', async () => {
    const response = json(BODY, 503);
    await isMaintenanceResponse(response);
    expect(await response.json()).toEqual(BODY);
  });
});
