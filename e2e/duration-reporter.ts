import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Each test's duration, written into the API's own log as the test ends (so a server warning sits beside the test
 * that caused it, with its time), and the slowest tests listed at the end of the run: the suite's time budget is
 * read off here rather than guessed.
 */
export default class DurationReporter implements Reporter {
  private readonly results: { title: string; ms: number; status: string }[] = [];

  constructor(private readonly options: { logFile: string; slowest?: number }) {
    mkdirSync(dirname(options.logFile), { recursive: true });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const title = `[${project}] ${test.location.file.split(/[\\/]/).pop()} › ${test.titlePath().slice(3).join(' › ')}`;
    const retry = result.retry > 0 ? ` (retry #${result.retry})` : '';
    this.results.push({ title: `${title}${retry}`, ms: result.duration, status: result.status });
    appendFileSync(
      this.options.logFile,
      `[e2e] ${new Date().toISOString()} ${result.status} ${result.duration} ms ${title}${retry}\n`,
    );
  }

  onEnd(result: FullResult): void {
    const slowest = [...this.results].sort((a, b) => b.ms - a.ms).slice(0, this.options.slowest ?? 20);
    const total = this.results.reduce((sum, r) => sum + r.ms, 0);
    const lines = [
      `\nThe ${slowest.length} slowest tests (${this.results.length} runs, ${(total / 1000).toFixed(0)} s of test time, ` +
        `${(result.duration / 1000).toFixed(0)} s wall):`,
      ...slowest.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.status.padEnd(8)} ${r.title}`),
    ];
    console.log(lines.join('\n'));
    appendFileSync(this.options.logFile, `${lines.join('\n')}\n`);
  }
}
