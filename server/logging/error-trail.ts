import { ERROR_ID_PATTERN } from '../../common/errors/error-id';

/** `7f3k92qa`, `7F3K 92QA` or `7F3K-92QA` as the member read it out; null when it cannot be an error id. */
export function normalizeErrorId(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  const id = `${compact.slice(0, 4)}-${compact.slice(4)}`;
  return ERROR_ID_PATTERN.test(id) ? id : null;
}

type Line = Record<string, unknown>;

/** Requests whose lines are kept while reading, waiting to learn whether one of them failed with the id. */
const KEPT_REQUESTS = 10_000;

/**
 * The failure with `errorId` in a run of the API's JSON log lines, with every line of the request it happened in
 * (the lines before it too), in the order they were written. One pass, so it reads a pipe as well as a file; lines
 * that are not JSON (a stack printed by something else) are skipped.
 */
export async function errorTrail(lines: AsyncIterable<string>, errorId: string): Promise<Line[]> {
  const byRequest = new Map<string, Line[]>();
  let found: { reqId: string | undefined; lines: Line[] } | undefined;
  for await (const text of lines) {
    if (!text.startsWith('{')) continue;
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      continue;
    }
    const reqId = typeof line['reqId'] === 'string' ? line['reqId'] : undefined;
    if (found) {
      if (reqId !== undefined && reqId === found.reqId) found.lines.push(line);
      continue;
    }
    if (line['errorId'] === errorId) {
      found = { reqId, lines: [...(reqId === undefined ? [] : (byRequest.get(reqId) ?? [])), line] };
      continue;
    }
    if (reqId === undefined) continue;
    const kept = byRequest.get(reqId);
    if (kept) kept.push(line);
    else {
      byRequest.set(reqId, [line]);
      if (byRequest.size > KEPT_REQUESTS) byRequest.delete(byRequest.keys().next().value!);
    }
  }
  return found?.lines ?? [];
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One log line as an operator reads it: when, level, message, the request line and status, then the stack. */
export function describeLine(line: Line): string[] {
  const when = typeof line['time'] === 'number' ? new Date(line['time']).toISOString() : '';
  const level = LEVELS[Number(line['level'])] ?? String(line['level'] ?? '');
  const req = line['req'] as { method?: string; url?: string } | undefined;
  const res = line['res'] as { statusCode?: number } | undefined;
  const request = req ? ` ${req.method ?? ''} ${req.url ?? ''}${res?.statusCode ? ` → ${res.statusCode}` : ''}` : '';
  const errorId = typeof line['errorId'] === 'string' ? ` [${line['errorId']}]` : '';
  const out = [`${when} ${level} ${String(line['msg'] ?? '')}${errorId}${request}`.trim()];
  const err = line['err'] as { stack?: string; message?: string } | undefined;
  const detail = err?.stack ?? err?.message;
  if (detail) out.push(...detail.split('\n').map((part) => `    ${part}`));
  return out;
}
