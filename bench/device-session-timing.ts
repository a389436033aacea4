/**
 * How long a first visit on a phone takes to hand its device session to the receiver, and what the session-security
 * component costs: `/login` on a 390×844 phone with Lighthouse's slow 4G (150 ms, 1.6 Mbps down, 750 kbps up) and a
 * 4× slower CPU, applied to Chromium itself. The visitor taps the first field as soon as the page has loaded (the
 * component waits for a first action). Reports, per run and as the median: the page's load event, the envelope
 * accepted by `/seguranca/envelope` (from the navigation and from the tap), and the scripts fetched after the load event on the wire and uncompressed: all of
 * them (the router also prefetches the pages the screen links to), and those that are the session-security component. Not a test: `node --import tsx bench/device-session-timing.ts`.
 */
import { chromium, devices, type CDPSession } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { startLocalServer } from './local-server';

const RUNS = 3;
// Lighthouse's "slow 4G" (mobileSlow4G), with its 0.9 download and upload factors for devtools throttling.
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;

interface Run {
  loadMs: number;
  envelopeMs: number;
  /** From the visitor's first tap to the envelope accepted. */
  afterTapMs: number;
  lazyScripts: number;
  lazyWire: number;
  lazyDecoded: number;
  /** The lazy scripts that are the session-security component (the collectors, the handshake and the envelope). */
  componentWire: number;
  componentDecoded: number;
}

// Strings only the component's chunks hold: the incognito detector, and the receiver's paths in the handshake.
const COMPONENT_MARKERS = ['detectIncognito', '/seguranca/'];

/** Every script request, with when it started (CDP monotonic seconds) and its bytes once finished. */
function watchScripts(cdp: CDPSession) {
  const scripts = new Map<string, { url: string; at: number; wire: number; decoded: number }>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, { url: e.request.url, at: e.timestamp, wire: 0, decoded: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.wire = e.encodedDataLength;
  });
  return scripts;
}

async function visit(origin: string): Promise<Run> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scripts = watchScripts(cdp);
    let loadAt = Number.POSITIVE_INFINITY;
    cdp.on('Page.loadEventFired', (e) => (loadAt = e.timestamp));
    await cdp.send('Page.enable');

    const envelope = page.waitForResponse((r) => r.url().endsWith('/seguranca/envelope') && r.ok(), {
      timeout: 120_000,
    });
    await page.goto(`${origin}/login`, { waitUntil: 'load', timeout: 120_000 });
    const tapAt = await page.evaluate(() => performance.now());
    await page.getByRole('textbox').first().click({ timeout: 120_000 });
    await envelope;
    // Both times from the navigation's own clock, so the browser's start-up is not counted.
    const times = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const sent = performance
        .getEntriesByType('resource')
        .find((r) => r.name.endsWith('/seguranca/envelope')) as PerformanceResourceTiming;
      return { loadMs: nav.loadEventStart, envelopeMs: sent.responseEnd };
    });
    const afterTapMs = times.envelopeMs - tapAt;
    const lazy = [...scripts.values()].filter((s) => s.at > loadAt);
    const component = [];
    for (const script of lazy) {
      const text = await fetch(script.url).then((r) => r.text());
      if (COMPONENT_MARKERS.some((marker) => text.includes(marker))) component.push(script);
    }
    const sum = (list: typeof lazy, key: 'wire' | 'decoded') => list.reduce((total, s) => total + s[key], 0);
    return {
      ...times,
      afterTapMs,
      lazyScripts: lazy.length,
      lazyWire: sum(lazy, 'wire'),
      lazyDecoded: sum(lazy, 'decoded'),
      componentWire: sum(component, 'wire'),
      componentDecoded: sum(component, 'decoded'),
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const server = await startLocalServer();
  try {
    const runs: Run[] = [];
    console.log('/login, 390×844, slow 4G, CPU 4×: load event, tap on the first field → envelope accepted; scripts after load');
    for (let i = 0; i < RUNS; i += 1) {
      const run = await visit(server.origin);
      runs.push(run);
      console.log(
        `run ${i + 1}: load ${(run.loadMs / 1000).toFixed(2)} s, envelope ${(run.envelopeMs / 1000).toFixed(2)} s ` +
          `(${(run.afterTapMs / 1000).toFixed(2)} s after the tap), ` +
          `${run.lazyScripts} lazy scripts ${(run.lazyWire / 1024).toFixed(1)} kB on the wire ` +
          `(${(run.lazyDecoded / 1024).toFixed(1)} kB uncompressed), of which the component ` +
          `${(run.componentWire / 1024).toFixed(1)} kB (${(run.componentDecoded / 1024).toFixed(1)} kB)`,
      );
    }
    console.log(
      `median: load ${(median(runs.map((r) => r.loadMs)) / 1000).toFixed(2)} s, envelope ` +
        `${(median(runs.map((r) => r.envelopeMs)) / 1000).toFixed(2)} s ` +
        `(${(median(runs.map((r) => r.afterTapMs)) / 1000).toFixed(2)} s after the tap), lazy scripts ` +
        `${(median(runs.map((r) => r.lazyWire)) / 1024).toFixed(1)} kB on the wire, the component ` +
        `${(median(runs.map((r) => r.componentWire)) / 1024).toFixed(1)} kB`,
    );
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
