import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { describeLine, errorTrail, normalizeErrorId } from './error-trail';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: 1_795_000_000_000, ...fields });

/** A log as the API writes it: two requests interleaved, the second failing with 7F3K-92QA. */
const LOG = [
  line({ reqId: 'a1', msg: 'request completed', req: { method: 'POST', url: '/graphql' }, res: { statusCode: 200 } }),
  line({ reqId: 'b2', level: 40, msg: 'Consulta de CEP falhou' }),
  'não é JSON: uma linha que outro programa escreveu',
  line({ reqId: 'a1', msg: 'outra linha de a1' }),
  line({
    reqId: 'b2',
    level: 50,
    errorId: '7F3K-92QA',
    msg: 'Erro inesperado ao executar GraphQL',
    err: { message: 'no such table', stack: 'Error: no such table\n    at faq (service.ts:10)' },
  }),
  line({ reqId: 'b2', msg: 'request completed', req: { method: 'POST', url: '/graphql' }, res: { statusCode: 200 } }),
  line({ reqId: 'c3', msg: 'request completed' }),
].join('\n');

const linesOf = (text: string) => createInterface({ input: Readable.from([text]), crlfDelay: Infinity });

describe('finding an error a member quoted in the log', () => {
  it('reads the code however it was typed, and refuses what cannot be one', () => {
    for (const typed of ['7F3K-92QA', '7f3k92qa', '7F3K 92QA', ' 7f3k-92qa ']) {
      expect(normalizeErrorId(typed.trim())).toBe('7F3K-92QA');
    }
    for (const wrong of ['7F3K-92Q', '7F3K-92QAX', 'IOLU-0000', '']) expect(normalizeErrorId(wrong)).toBeNull();
  });

  it('returns the failure with every line of its request, before and after it, and nothing of the others', async () => {
    const trail = await errorTrail(linesOf(LOG), '7F3K-92QA');
    expect(trail.map((l) => [l['reqId'], l['msg']])).toEqual([
      ['b2', 'Consulta de CEP falhou'],
      ['b2', 'Erro inesperado ao executar GraphQL'],
      ['b2', 'request completed'],
    ]);
    expect(describeLine(trail[1]!)).toEqual([
      '2026-11-18T11:06:40.000Z ERROR Erro inesperado ao executar GraphQL [7F3K-92QA]',
      '    Error: no such table',
      '        at faq (service.ts:10)',
    ]);
    expect(describeLine(trail[2]!)).toEqual(['2026-11-18T11:06:40.000Z INFO request completed POST /graphql → 200']);
  });

  it('finds nothing for a code that is not there', async () => {
    expect(await errorTrail(linesOf(LOG), 'ZZZZ-ZZZZ')).toEqual([]);
  });
});
