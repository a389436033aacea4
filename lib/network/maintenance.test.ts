/**
 * @jest-environment node
 */
import {
  enterMaintenance,
  isMaintenanceBody,
  isMaintenanceResponse,
  isMaintenanceText,
  isUnderMaintenance,
  leaveMaintenance,
  subscribeMaintenance,
} from './maintenance';
import { probeMaintenance } from './maintenance-probe';

const BODY = { errors: [{ message: 'Estamos em manutenção.', extensions: { code: 'MAINTENANCE' } }] };
const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => leaveMaintenance());

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

describe('maintenance state', () => {
  it('tells its listeners when it starts and ends, once each', () => {
    const listener = jest.fn();
    const off = subscribeMaintenance(listener);
    enterMaintenance();
    enterMaintenance();
    expect(isUnderMaintenance()).toBe(true);
    leaveMaintenance();
    expect(isUnderMaintenance()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    off();
  });

  it('ends when the club answers anything but the maintenance 503, and not when nothing answers', async () => {
    enterMaintenance();
    expect(await probeMaintenance('/graphql', async () => json(BODY, 503))).toBe(true);
    expect(await probeMaintenance('/graphql', () => Promise.reject(new TypeError('Failed to fetch')))).toBe(true);
    expect(await probeMaintenance('/graphql', async () => json({ errors: [{ message: 'Unknown query' }] }, 400))).toBe(
      false,
    );
    expect(isUnderMaintenance()).toBe(false);
  });
});
