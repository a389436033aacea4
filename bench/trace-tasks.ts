/**
 * What filled each long task of a Lighthouse run, from the run's own trace: `TRACES=<folder>` on bench/lighthouse.ts
 * keeps each run's trace with the JavaScript samples of V8's profiler in it, and
 * `node --import tsx bench/trace-tasks.ts <folder>/<run>-0.trace.json [min ms]` lists the page's main-thread tasks
 * from that length (50) with the functions that took the most time inside each (TOP=n of them, 14), counted with what
 * they called.
 * `bench/hydration-profile.ts` profiles a load of its own; this reads the very runs that were scored. The samples slow
 * the page, so such runs are for reading, not for their scores. A build with `NO_MANGLING=1` keeps the functions' names.
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
    };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string };
}

const file = process.argv[2];
const MIN_MS = Number(process.argv[3] ?? 50);
if (!file) {
  console.error('Uso: node --import tsx bench/trace-tasks.ts <trace.json> [ms mínimos]');
  process.exit(2);
}
const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;

// The page's main thread: of the renderers' main threads, the one with the most task time.
const mainThreads = new Set(
  events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(thread),
);
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && mainThreads.has(thread(e)));
const busy = new Map<string, number>();
for (const task of tasks) busy.set(thread(task), (busy.get(thread(task)) ?? 0) + task.dur!);
const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
const navigation = events.find((e) => e.name === 'navigationStart' && thread(e) === main);
const fcp = events.find((e) => e.name === 'firstContentfulPaint' && thread(e) === main);
const origin = navigation?.ts ?? tasks[0]?.ts ?? 0;
const ms = (ts: number) => Math.round((ts - origin) / 1000);

// The samples of that thread (a service worker's thread shares the process), with the time each stands for.
const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
for (const profile of events.filter((e) => e.name === 'Profile' && thread(e) === main)) {
  let ts = profile.args?.data?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    ids.forEach((node, i) => {
      ts += data?.timeDeltas?.[i] ?? 0;
      samples.push({ ts, node });
    });
  }
}
if (samples.length === 0) console.log('(sem amostras de JavaScript: o trace foi gravado sem TRACES=)');

const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anônima)'} ${node.callFrame.url?.split('/').pop() ?? ''}`.trim();

console.log(`FCP em ${fcp ? ms(fcp.ts) : '?'} ms; tarefas de ${MIN_MS} ms ou mais na thread principal:`);
for (const task of tasks.filter((t) => thread(t) === main && t.dur! >= MIN_MS * 1000)) {
  const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur!);
  // Each function counted once per sample it is on the stack of, so a caller includes what it called.
  const total = new Map<string, number>();
  for (const sample of inside) {
    const seen = new Set<string>();
    for (let node = nodes.get(sample.node); node; node = node.parent ? nodes.get(node.parent) : undefined) {
      const name = label(node);
      if (name === '(root)' || seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + 1);
    }
  }
  const perSample = task.dur! / 1000 / Math.max(1, inside.length);
  console.log(`  ${ms(task.ts)} ms: ${Math.round(task.dur! / 1000)} ms`);
  for (const [name, count] of [...total].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env['TOP'] ?? 14)))
    console.log(`      ${String(Math.round(count * perSample)).padStart(4)} ms  ${name}`);
}
