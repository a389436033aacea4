import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The most a page may keep the main thread busy while it loads at 4x, by Lighthouse's trace (medians of the runs). */
export interface PageBudget {
  /** All main-thread work of the load (script, style, layout, paint, garbage collection). */
  mainThreadMs: number;
  /** Total blocking time: the part of the long tasks over 50 ms each, between first paint and interactive. */
  tbtMs: number;
  /** The longest single task. */
  longestTaskMs: number;
}

export interface MainThreadBudget {
  /** Lighthouse's benchmarkIndex of the host the budget was measured on. */
  measuredAtBenchmarkIndex: number;
  pages: Record<string, PageBudget>;
}

export interface MeasuredPage extends PageBudget {
  label: string;
  benchmarkIndex: number;
}

/** Beside this file; the benches run from the repository's root. */
export const MAIN_THREAD_BUDGET_FILE = path.resolve('bench', 'main-thread-budget.json');

export function readMainThreadBudget(file = MAIN_THREAD_BUDGET_FILE): MainThreadBudget {
  return JSON.parse(readFileSync(file, 'utf8')) as MainThreadBudget;
}

/**
 * What is over budget, one line per page and measure. A host slower than the budget's (a lower benchmarkIndex) does
 * the same work in more time: the budget is scaled by the ratio, so a slow machine does not fail a page that did not
 * grow, and a fast one does not hide one that did.
 */
export function checkMainThreadBudget(measured: MeasuredPage[], budget: MainThreadBudget): string[] {
  const failures: string[] = [];
  for (const page of measured) {
    const limits = budget.pages[page.label];
    if (!limits) {
      failures.push(`${page.label}: sem orçamento em bench/main-thread-budget.json`);
      continue;
    }
    const scale =
      Number.isFinite(page.benchmarkIndex) && page.benchmarkIndex > 0
        ? Math.max(1, budget.measuredAtBenchmarkIndex / page.benchmarkIndex)
        : 1;
    for (const key of ['mainThreadMs', 'tbtMs', 'longestTaskMs'] as const) {
      const limit = Math.round(limits[key] * scale);
      if (page[key] > limit)
        failures.push(`${page.label}: ${key} ${page[key]} > ${limit} (benchmarkIndex ${page.benchmarkIndex})`);
    }
  }
  return failures;
}
