import '../esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../db/database';
import { startProductionStack, type ApiInstance, type ProductionStack } from '../../hosting/test/production-stack';
import { compiledRuntime, membersSigningIn, sendingStream, until, type Send } from '../production-sends';

/**
 * A deploy's rolling restart behind nginx: both API processes are taken out of nginx, stopped with SIGTERM, started
 * again and put back, one after the other, while members keep sending invoices through nginx. No member may read an error (a 502 least of all), and every
 * send the API acknowledged must be in the database afterwards. Each member may send 30 invoices in 10 minutes, so
 * the stream is spread over enough members, each stopping at SENDS_PER_MEMBER: about 10 sends a second for 60 s,
 * however slow a busy machine makes the restarts.
 */
const MEMBERS = 24;
const SENDS_PER_MEMBER = 25;
/** Between two sends of one member. */
const PAUSE_MS = 2_400;

let stack: ProductionStack | undefined;
let root: string;
const tokens: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'clube-export-vazio-'));
  stack = await startProductionStack({
    apiProcesses: 2,
    reloadableNginx: true,
    root,
    env: { HUMAN_VERIFICATION: 'false', DEMO_DATA: 'false', SHUTDOWN_GRACE_MS: '20000' },
    ...compiledRuntime(),
    log: () => undefined,
  });
  tokens.push(...(await membersSigningIn(stack.databaseUrl, stack.url, MEMBERS)));
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('a rolling restart of both API processes behind nginx', () => {
  it('answers every member’s send, with no 502, and loses none it acknowledged', async () => {
    const { sends, stop } = sendingStream(stack!.url, tokens, PAUSE_MS, SENDS_PER_MEMBER);
    await until(() => sends.length >= 10, 30_000, 'os primeiros envios');
    const firstSendAt = Date.now();
    const restarts: Awaited<ReturnType<typeof restart>>[] = [];
    for (const instance of stack!.instances) restarts.push(await restart(instance, sends));
    const restartsDoneAt = Date.now();
    // The stream goes on a little on both new processes.
    const after = sends.length;
    await until(() => sends.length >= after + 10, 30_000, 'envios depois do reinício');
    await stop();

    const failed = sends.filter((send) => send.status !== 200 || send.id === undefined);
    const badGateway = sends.filter((send) => send.status === 502).length;
    const acknowledged = sends.filter((send) => send.id !== undefined);

    const db = createDatabase({ kind: 'postgres', url: stack!.databaseUrl });
    let lost: string[];
    try {
      const rows = await db
        .selectFrom('invoices')
        .innerJoin('invoice_files', 'invoice_files.invoice_id', 'invoices.id')
        .select(['invoices.id', 'invoices.access_key'])
        .execute();
      const stored = new Set(rows.map((row) => `${row.id}:${row.access_key}`));
      lost = acknowledged.filter((send) => !stored.has(`${send.id}:${send.accessKey}`)).map((send) => send.accessKey);
    } finally {
      await db.destroy();
    }
    console.info(
      `Reinício escalonado: ${sends.length} envios, ${acknowledged.length} confirmados, ${badGateway} respostas 502, ` +
        `${failed.length} falhas, ${lost.length} perdidos; ${restarts
          .map((r) => `${r.name}: saiu com ${String(r.exit)} em ${r.drainMs} ms, de volta em ${r.backMs} ms`)
          .join('; ')}`,
    );
    expect(restarts.map((r) => r.exit)).toEqual([0, 0]);
    // A failure shows when it came, against each restart, and what nginx said about it.
    const nginxErrors = failed.length > 0 ? (await stack!.nginxErrors()).split('\n').slice(-20) : [];
    const timeline = restarts.map(
      (r) =>
        `${r.name}: SIGTERM ${r.startedAt - firstSendAt} ms, saiu ${r.exitedAt - firstSendAt}, pronto ${r.backAt - firstSendAt}`,
    );
    expect({
      failed: failed.map((send) => `${send.status} at ${send.at - firstSendAt} ms ${send.problem ?? ''}`),
      timeline,
      nginxErrors,
    }).toEqual({ failed: [], timeline, nginxErrors });
    expect(badGateway).toBe(0);
    expect(lost).toEqual([]);
    // Both new processes answer: the second one's sends, and the first one's (waited for before the second went).
    expect(new Set(sends.filter((send) => send.at > restartsDoneAt).map((send) => send.instance))).toEqual(
      new Set(['api-1', 'api-2']),
    );
  }, 120_000);
});

/**
 * One process's turn, as docs/operations/health-and-shutdown.md tells an operator: nginx reloaded without it (requests
 * already proxied to it finish; new ones go to the others), SIGTERM and wait for it to exit, start it again, wait for
 * its /readyz, nginx reloaded with it back, and wait until it answers sends again: only then may the next one go.
 */
async function restart(instance: ApiInstance, sends: readonly Send[]) {
  const others = stack!.instances.filter((other) => other !== instance).map((other) => other.name);
  const started = Date.now();
  await stack!.routeTo(others);
  const exit = await instance.terminate();
  const exitedAt = Date.now();
  const drainMs = exitedAt - started;
  await instance.start();
  await until(async () => (await fetch(`${instance.url}/readyz`).catch(() => null))?.status === 200, 30_000, 'readyz');
  const backAt = Date.now();
  await stack!.routeTo(stack!.instances.map((each) => each.name));
  await until(
    () => sends.some((send) => send.instance === instance.name && send.at > backAt),
    30_000,
    `nginx voltar a mandar envios para ${instance.name}`,
  );
  return { name: instance.name, exit, drainMs, backMs: Date.now() - started, startedAt: started, exitedAt, backAt };
}
