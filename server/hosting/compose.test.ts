import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../config';
import { HEALTH_PATHS } from '../http/api-routes';

interface Service {
  healthcheck?: { test?: string[] };
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync(path.resolve(__dirname, '../../compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const apis = Object.entries(compose.services).filter(([name]) => name.startsWith('api-'));

describe('compose.yaml', () => {
  it('checks each API process by its readiness, and starts nginx only once both are ready', () => {
    expect(apis.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    for (const [, service] of apis) {
      expect(service.healthcheck?.test?.join(' ')).toContain(`http://127.0.0.1:3000${HEALTH_PATHS.ready}`);
    }
    expect(compose.services['nginx']?.depends_on).toEqual({
      'api-1': { condition: 'service_healthy' },
      'api-2': { condition: 'service_healthy' },
    });
  });

  it('gives each API process more time to stop than its own shutdown grace, so docker never kills it mid-request', () => {
    for (const [, service] of apis) {
      const seconds = Number(/^(\d+)s$/.exec(service.stop_grace_period ?? '')?.[1]);
      expect(seconds * 1000).toBeGreaterThan(DEFAULT_SHUTDOWN_GRACE_MS);
    }
  });
});
