import { chromium } from '@playwright/test';

/**
 * Lighthouse's own benchmarkIndex (`computeBenchmarkIndex` of lighthouse/core/lib/page-functions.js, Lighthouse 12,
 * Apache-2.0, © Google LLC): a string built in a loop and an array copied in a loop for half a second each, in
 * iterations per second over 10, averaged. A string, not a function: the bench's compiler would add helpers the page
 * does not have.
 */
const BENCHMARK_INDEX = `(() => {
  function gc() {
    const start = Date.now(); let iterations = 0;
    while (Date.now() - start < 500) {
      let s = ''; for (let j = 0; j < 10000; j++) s += 'a';
      if (s.length === 1) throw new Error('never');
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  }
  function noGc() {
    const a = []; const b = []; for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
    const start = Date.now(); let iterations = 0;
    while (iterations % 10 !== 0 || Date.now() - start < 500) {
      const src = iterations % 2 === 0 ? a : b; const tgt = iterations % 2 === 0 ? b : a;
      for (let j = 0; j < src.length; j++) tgt[j] = src[j];
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  }
  return (gc() + noGc()) / 2;
})()`;

/**
 * This host's benchmarkIndex as Lighthouse measures it, in the Chromium at `cdpUrl`, taken `samples` times one after
 * the other and the median kept: a single measurement of a shared host read 2,142 and 2,880 a few minutes apart, and
 * the slowdown chosen from it made the emulated phone a quarter faster or slower than the target.
 */
export async function hostBenchmarkIndex(cdpUrl: string, samples = 5): Promise<number> {
  const browser = await chromium.connectOverCDP(cdpUrl);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const values: number[] = [];
    for (let i = 0; i < samples; i += 1) values.push(Number(await page.evaluate(BENCHMARK_INDEX)));
    await page.close();
    return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  } finally {
    await browser.close();
  }
}
