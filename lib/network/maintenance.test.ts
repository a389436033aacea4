/**
 * @jest-environment node
 */
import { enterMaintenance, isUnderMaintenance, leaveMaintenance, subscribeMaintenance } from './maintenance';
import { probeMaintenance } from './maintenance-probe';

const BODY = { errors: [{ message: 'Estamos em manutenção.', extensions: { code: 'MAINTENANCE' } }] };
const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => leaveMaintenance());

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
