import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { describeLine, errorTrail, normalizeErrorId } from '../logging/error-trail';
import { runCli, UsageError } from './run';

const USAGE = `Uso: npm run logs -- erro <código> [arquivo de log]
  Mostra a falha com esse "Código do erro" (ex.: 7F3K-92QA), com a pilha e as linhas da mesma requisição.
  Lê o arquivo dado ou, sem ele, a entrada padrão: journalctl -u clube -o cat | npm run logs -- erro 7F3K-92QA`;

/**
 * `npm run logs -- erro <código> [arquivo]`: what a member quoted from "Código do erro" leads to the failure's stack
 * and its request's other lines, in the API's JSON log (a file, or piped in from journald or docker logs).
 */
runCli({
  usage: USAGE,
  async run({ positionals, print }) {
    const [what, code, file] = positionals;
    if (what !== 'erro' || code === undefined || positionals.length > 3) throw new UsageError();
    const errorId = normalizeErrorId(code);
    if (!errorId) throw new UsageError(`"${code}" não é um código de erro (8 letras e números, como 7F3K-92QA).`);
    const input = file === undefined ? process.stdin : createReadStream(file, { encoding: 'utf8' });
    const lines = await errorTrail(createInterface({ input, crlfDelay: Infinity }), errorId);
    if (lines.length === 0) {
      print(`Nenhuma linha com o código ${errorId}${file ? ` em ${file}` : ''}.`);
      return 1;
    }
    print(`Erro ${errorId}: ${lines.length} linha(s) da requisição ${String(lines[0]?.['reqId'] ?? '(sem id)')}`);
    for (const line of lines) for (const part of describeLine(line)) print(part);
  },
});
