/**
 * Where a page's main thread goes while it loads at 4x, for reading before cutting: a CPU profile (the DevTools
 * protocol's Profiler) summed by script, and what React commits during the load (how many components, by name, from
 * a stand-in for the React DevTools hook). Not a test: `node --import tsx bench/hydration-profile.ts` measures /login
 * as a visitor and / as a returning member; PAGES=/cadastro,/premios picks others (member pages after the first).
 */
import { writeFileSync } from 'node:fs';
import { chromium, request as apiRequest } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { loginTokens } from '../e2e/fixtures';
import { demo } from '../e2e/members';
import { startLocalServer } from './local-server';

const PAGES = process.env['PAGES']?.split(',') ?? ['/login', '/'];
/**
 * WINDOW_MS=n profiles for n ms after the load instead of until the network goes quiet: home starts its queries when
 * the page is idle, after the quiet moment, and their renders would fall outside the profile.
 */
const WINDOW_MS = Number(process.env['WINDOW_MS'] ?? 0);
/**
 * SLOW_4G=1 loads the page over Lighthouse's slow 4G as bench/lighthouse.ts applies it to the browser (its
 * `devtools` throttling), so the answers arrive when they do in its runs instead of all at once.
 */
const SLOW_4G = process.env['SLOW_4G'] === '1';
const SLOW_4G_CONDITIONS = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};
/** PROFILE_OUT=<file>.cpuprofile keeps the last page's CPU profile, to open in DevTools' Performance panel. */
const PROFILE_OUT = process.env['PROFILE_OUT'];
/** TOP=n prints n functions per long stretch (8). */
const TOP_FUNCTIONS = Number(process.env['TOP'] ?? 8);
const PUBLIC = new Set(['/login', '/cadastro', '/recuperar-senha']);
const isPublic = (page: string) => PUBLIC.has(page) || page.startsWith('/cadastro-promo');

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  hitCount?: number;
  children?: number[];
}

/**
 * Counts what React commits: a stand-in for the DevTools hook, which React calls after every commit. A string, not a
 * function: the bench's compiler would add helpers the page does not have.
 */
const COUNT_COMMITS = `(() => {
  const counts = {}; const commits = []; const renders = []; const seen = new WeakMap();
  const name = (type) => typeof type === 'function' ? (type.displayName || type.name)
    : type && typeof type === 'object' && type.render ? name(type.render) : null;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject: () => 1,
    onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let components = 0; const rendered = {};
      const walk = (fiber) => { for (let node = fiber; node; node = node.sibling) {
        const component = name(node.type);
        if (component) {
          components += 1; counts[component] = (counts[component] || 0) + 1;
          const before = seen.get(node) || (node.alternate && seen.get(node.alternate));
          if (!before || before.props !== node.memoizedProps || before.state !== node.memoizedState)
            rendered[component] = (rendered[component] || 0) + 1;
          seen.set(node, { props: node.memoizedProps, state: node.memoizedState });
        }
        walk(node.child);
      } };
      walk(root.current.child);
      commits.push(components);
      renders.push({ at: Math.round(performance.now()), rendered });
    },
  };
  window.__commits = { counts, commits, renders };
})();`;

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The profile's busy stretches longer than 50 ms (samples with no idle one between them), each with its time by
 * function including what the function called, so a stretch reads top-down (which of our components, which module's
 * evaluation) rather than as React's inner loop. Tasks run back to back read as one stretch: an upper bound of the
 * long tasks, for finding what to cut; Lighthouse's trace gives the tasks themselves.
 */
function longTasks(profile: Profile, byId: Map<number, ProfileNode>) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const generic = new Set(['(program)', '(root)', '(anon)', '(garbage collector)']);
  const tasks: { start: number; duration: number; inclusive: Map<string, number> }[] = [];
  let current: (typeof tasks)[number] | null = null;
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') {
      if (current && current.duration >= 50) tasks.push(current);
      current = null;
      return;
    }
    current ??= { start: at, duration: 0, inclusive: new Map() };
    current.duration += ms;
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const frame = byId.get(n)?.callFrame;
      if (!frame) break;
      const fn = `${frame.functionName || '(anon)'} ${frame.url.split('/').pop() ?? ''}`.trim();
      if (generic.has(frame.functionName || '(anon)') || seen.has(fn)) continue;
      seen.add(fn);
      current.inclusive.set(fn, (current.inclusive.get(fn) ?? 0) + ms);
    }
  });
  if (current && (current as { duration: number }).duration >= 50) tasks.push(current);
  return tasks;
}

/**
 * TRACE=1 also records Chrome's trace of the load and prints each task over TASK_MS (50) with what filled it by kind (script
 * by file, style, layout, paint, parsing, garbage collection): the CPU profile sees only JavaScript, and a long task
 * of Lighthouse with no script named is the browser's own work (a layout forced by a read, a style pass; what none
 * of these kinds covers is listed by the trace's own event names).
 */
const TRACE = process.env['TRACE'] === '1';
/** TASK_MS=n lists the trace's tasks from n ms (50, what counts as long): lower, to see how the work is sliced. */
const TASK_MS = Number(process.env['TASK_MS'] ?? 50);
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string } };
}
interface Trace {
  traceEvents: TraceEvent[];
}

function printTraceTasks(trace: Trace) {
  const events = trace.traceEvents.filter((e) => e.ph === 'X' && e.dur !== undefined);
  const navigation = trace.traceEvents.find(
    (e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser',
  );
  const origin = navigation?.ts ?? Math.min(...events.map((e) => e.ts));
  // The renderer's main thread: the thread with the most top-level tasks' time.
  const tasks = events.filter((e) => e.name === 'RunTask');
  const byThread = new Map<string, number>();
  for (const task of tasks)
    byThread.set(`${task.pid}:${task.tid}`, (byThread.get(`${task.pid}:${task.tid}`) ?? 0) + task.dur!);
  const main = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const kinds: Record<string, string> = {
    UpdateLayoutTree: 'style',
    Layout: 'layout',
    Paint: 'paint',
    PrePaint: 'paint',
    Layerize: 'paint',
    ParseHTML: 'html',
    ParseAuthorStyleSheet: 'css',
    MinorGC: 'gc',
    MajorGC: 'gc',
    'V8.GC_SCAVENGER': 'gc',
    'v8.compile': 'compile',
    'v8.compileModule': 'compile',
  };
  console.log(`  trace: tasks over ${TASK_MS} ms on the main thread (ms after the trace starts: duration, what filled it)`);
  for (const task of tasks.filter((t) => `${t.pid}:${t.tid}` === main && t.dur! >= TASK_MS * 1000)) {
    const inside = events.filter(
      (e) => `${e.pid}:${e.tid}` === main && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e !== task,
    );
    // Each event counted once, by the innermost kind it is of: a script's time less the style, layout and GC inside it.
    const filled = new Map<string, number>();
    const kindOf = (e: TraceEvent) =>
      kinds[e.name] ??
      (e.name === 'EvaluateScript' || e.name === 'FunctionCall' || e.name === 'v8.callFunction'
        ? `script ${(e.args?.data?.url ?? '').split('/').pop() || '(inline)'}`
        : null);
    const classified = inside.filter((e) => kindOf(e) !== null);
    const within = (outer: TraceEvent, e: TraceEvent) =>
      e !== outer && e.ts >= outer.ts && e.ts + e.dur! <= outer.ts + outer.dur!;
    for (const e of classified) {
      const nested = classified.filter((c) => within(e, c));
      const direct = nested.filter((c) => !nested.some((o) => within(o, c)));
      const own = e.dur! - direct.reduce((sum, c) => sum + c.dur!, 0);
      const kind = kindOf(e)!;
      filled.set(kind, (filled.get(kind) ?? 0) + Math.max(0, own) / 1000);
    }
    const parts = [...filled].sort((a, b) => b[1] - a[1]).slice(0, 6);
    // What the kinds above leave out (the browser's own work): the trace's event names inside, by their whole time.
    const unnamed = task.dur! / 1000 - [...filled.values()].reduce((sum, v) => sum + v, 0);
    if (unnamed > TASK_MS / 2) {
      const byName = new Map<string, number>();
      for (const e of inside) if (!kindOf(e)) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur! / 1000);
      const names = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 5);
      parts.push([`other ${Math.round(unnamed)} (${names.map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')})`, 0]);
    }
    console.log(
      `    ${Math.round((task.ts - origin) / 1000)} ms: ${Math.round(task.dur! / 1000)} ms  ` +
        parts.map(([k, v]) => (v ? `${k} ${Math.round(v)}` : k)).join(', '),
    );
  }
}

async function main() {
  const server = await startLocalServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const api = await apiRequest.newContext({ baseURL: server.origin });
  const tokens = await loginTokens(api, demo.cpf);
  await api.dispose();
  try {
    for (const path of PAGES) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      if (!isPublic(path)) {
        // A returning member: signed in, the page opened once (the device keeps `me` and home's data).
        await page.goto(`${server.origin}/login`);
        await page.evaluate(
          ([token, refresh]) => {
            localStorage.setItem('CD_TOKEN', JSON.stringify({ value: token }));
            localStorage.setItem('CD_REFRESH_TOKEN', JSON.stringify({ value: refresh }));
            localStorage.setItem('CD_INITIALIZED', JSON.stringify({ value: true }));
          },
          [tokens.token, tokens.refresh_token] as const,
        );
        await page.goto(`${server.origin}${path}`);
        await page.waitForLoadState('networkidle');
        // Its service worker active, as bench/lighthouse.ts has it: the measured load then comes from the worker's
        // precache, and the scripts arriving together change how the work falls into tasks.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      }
      await page.addInitScript(COUNT_COMMITS);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      if (SLOW_4G) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_4G_CONDITIONS);
      }
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      if (TRACE) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
      if (WINDOW_MS > 0) await page.waitForTimeout(WINDOW_MS);
      else await page.waitForLoadState('networkidle');
      if (TRACE) printTraceTasks(JSON.parse((await browser.stopTracing()).toString('utf8')) as Trace);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
        profile: Profile;
      };
      if (PROFILE_OUT) writeFileSync(PROFILE_OUT, JSON.stringify(profile));
      const commits = await page.evaluate(
        () =>
          (
            window as unknown as {
              __commits: {
                counts: Record<string, number>;
                commits: number[];
                renders: { at: number; rendered: Record<string, number> }[];
              };
            }
          ).__commits,
      );
      // Self time by script, from the samples and the time between them.
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const byScript = new Map<string, number>();
      const byFunction = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const node = byId.get(id);
        const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        if (!node) return;
        if (['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName)) return;
        const script = node.callFrame.url.split('/').pop() || `(${node.callFrame.functionName || 'native'})`;
        byScript.set(script, (byScript.get(script) ?? 0) + ms);
        const fn = `${node.callFrame.functionName || '(anon)'} ${script}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      });
      const tasks = longTasks(profile, byId);
      const top = (map: Map<string, number>, n: number) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([k, v]) => `    ${Math.round(v).toString().padStart(5)} ms  ${k}`);
      const total = [...byScript.values()].reduce((a, b) => a + b, 0);
      console.log(`\n${path}${isPublic(path) ? '' : ' (membro)'}: ${Math.round(total)} ms of script at 4x`);
      console.log('  by script:');
      console.log(top(byScript, 8).join('\n'));
      console.log('  by function:');
      console.log(top(byFunction, 12).join('\n'));
      console.log('  long tasks (busy stretches of the profile over 50 ms; the functions with the most time inside):');
      for (const task of tasks) {
        console.log(`    at ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms`);
        console.log(
          top(task.inclusive, TOP_FUNCTIONS)
            .map((line) => `    ${line}`)
            .join('\n'),
        );
      }
      console.log(`  React commits during the load (components in each tree): ${commits.commits.join(', ')}`);
      // What each commit rendered: the components mounted or given new props or state (the rest bailed out).
      console.log('  what each commit rendered (ms since the navigation: components, the most by name):');
      for (const { at, rendered } of commits.renders) {
        const names = Object.entries(rendered).sort((a, b) => b[1] - a[1]);
        const count = names.reduce((sum, [, n]) => sum + n, 0);
        console.log(
          `    ${at} ms: ${count}  ${names
            .slice(0, 10)
            .map(([n, c]) => `${n}×${c}`)
            .join(' ')}`,
        );
      }
      const named = Object.entries(commits.counts).sort((a, b) => b[1] - a[1]);
      console.log(
        `  components by name (${named.length}): ${named
          .slice(0, 40)
          .map(([k, v]) => `${k}×${v}`)
          .join(' ')}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
