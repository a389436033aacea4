import '../esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProductionStack, type ProductionStack } from '../../hosting/test/production-stack';
import { INSTANCE_HEADER } from '../../http/instance-header';
import { DEMO_MEMBER } from '../../seed';
import { LOGIN, REFRESH } from '../helpers';

/**
 * One of two API processes killed behind nginx (SIGKILL, as a crashed machine): members keep working on the other.
 * nginx passes a request on only when the dead process never got it (the connection was refused), so a mutation runs
 * once, on the live process.
 */
let stack: ProductionStack | undefined;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'clube-export-vazio-'));
  // No ALTCHA: the test logs in as a script would, and the human check has tests of its own.
  stack = await startProductionStack({
    apiProcesses: 2,
    root,
    env: { HUMAN_VERIFICATION: 'false' },
    log: () => undefined,
  });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function graphql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`${stack!.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    instance: response.headers.get(INSTANCE_HEADER),
    body: (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string }[] },
  };
}

describe('an API process killed behind nginx', () => {
  it('leaves members working on the other process, each request answered once', async () => {
    const login = await graphql(LOGIN, { login: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
    const { token, refresh_token: refreshToken } = login.body.data!['userLogin'] as {
      token: string;
      refresh_token: string;
    };
    const before = new Set<string | null>();
    for (let i = 0; i < 6; i += 1) before.add((await graphql('{ me { email } }', {}, token)).instance);
    expect(before).toEqual(new Set(['api-1', 'api-2']));

    await stack!.instances[0]!.kill();

    for (let i = 0; i < 10; i += 1) {
      const answer = await graphql('{ me { email } }', {}, token);
      expect(answer).toEqual({ status: 200, instance: 'api-2', body: { data: { me: { email: DEMO_MEMBER.email } } } });
    }
    // A mutation: the dead process refused the connection, so nginx gave it to the live one, which ran it once.
    const refreshed = await graphql(REFRESH, { refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.instance).toBe('api-2');
    expect(refreshed.body.errors).toBeUndefined();
    // Rotation: the token it used is spent (it ran), and the new one works (it ran once).
    const next = (refreshed.body.data!['refreshToken'] as { refresh_token: string }).refresh_token;
    expect((await graphql(REFRESH, { refreshToken: next })).body.errors).toBeUndefined();
  });
});
