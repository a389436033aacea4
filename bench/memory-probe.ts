/**
 * Preloaded into an API process by a memory bench (`--import ./bench/memory-probe.ts`): every 10 ms it writes the
 * process's own memory (now and the peaks since the last SIGUSR2) as JSON to MEMORY_PROBE_FILE, so the bench reads
 * the server's heap, which /proc does not show. Does nothing without the variable.
 */
import { writeFileSync } from 'node:fs';

type Sample = Record<'rss' | 'heapUsed' | 'external' | 'arrayBuffers', number>;

const file = process.env['MEMORY_PROBE_FILE'];
if (file) {
  const zero = (): Sample => ({ rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 });
  let peak = zero();
  const sample = () => {
    const now = process.memoryUsage();
    for (const key of Object.keys(peak) as (keyof Sample)[]) peak[key] = Math.max(peak[key], now[key]);
    writeFileSync(file, JSON.stringify({ now, peak }));
  };
  setInterval(sample, 10).unref();
  process.on('SIGUSR2', () => {
    peak = zero();
    sample();
  });
}
