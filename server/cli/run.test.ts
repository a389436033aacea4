import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand, UsageError, type CliCommand, type CliOptions } from './run';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-cli-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const USAGE = 'Uso: npm run exemplo -- conta <nome> [--vezes N]';

function capture() {
  const lines = { log: [] as string[], error: [] as string[] };
  return { lines, output: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) } };
}

const command = <O extends CliOptions>(c: Omit<CliCommand<O>, 'usage' | 'env'>): CliCommand<O> => ({
  usage: USAGE,
  env: () => ({ ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }),
  ...c,
});

describe('runCommand (every terminal command)', () => {
  it('gives the command its arguments, the migrated database and the club clock, and exits 0', async () => {
    const { lines, output } = capture();
    const code = await runCommand(
      command({
        options: { vezes: { type: 'string' }, rascunho: { type: 'boolean' } },
        async run({ positionals, values, database, now, print }) {
          const stores = await (await database()).selectFrom('stores').select('slug').execute();
          print(`${positionals.join(',')} ${values.vezes} ${values.rascunho} ${stores.length} ${now().getFullYear()}`);
        },
      }),
      ['conta', 'ana', '--vezes', '3', '--rascunho'],
      output,
    );
    expect(code).toBe(0);
    expect(lines.log).toEqual([`conta,ana 3 true 0 ${new Date().getFullYear()}`]);
    expect(lines.error).toEqual([]);
  });

  it('takes a value that starts with a hyphen as the option’s value, so the command can say why it is refused', async () => {
    const { lines, output } = capture();
    const code = await runCommand(
      command({
        options: { points: { type: 'string' } },
        async run({ values, print }) {
          print(`pontos: ${values.points}`);
        },
      }),
      ['approve', '7', '--points', '-3'],
      output,
    );
    expect(code).toBe(0);
    expect(lines.log).toEqual(['pontos: -3']);
  });

  it('answers an unknown option with the usage and exit 2, without opening the database', async () => {
    const { lines, output } = capture();
    const run = jest.fn();
    expect(await runCommand(command({ run }), ['conta', '--nada'], output)).toBe(2);
    expect(lines.error).toEqual([USAGE]);
    expect(run).not.toHaveBeenCalled();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('prints what a wrong use was, then the usage, with exit 2', async () => {
    const { lines, output } = capture();
    const code = await runCommand(
      command({
        async run() {
          throw new UsageError('O destino deve ser um PostgreSQL (postgres://…).');
        },
      }),
      [],
      output,
    );
    expect(code).toBe(2);
    expect(lines.error).toEqual(['O destino deve ser um PostgreSQL (postgres://…).', USAGE]);
  });

  it('prints a refusal as its message alone (no stack) with exit 1, and closes the database', async () => {
    const { lines, output } = capture();
    const code = await runCommand(
      command({
        async run({ database }) {
          await database();
          throw new Error('Nenhuma loja com o endereço loja-x.');
        },
      }),
      [],
      output,
    );
    expect(code).toBe(1);
    expect(lines.error).toEqual(['Nenhuma loja com o endereço loja-x.']);
    expect(existsSync(path.join(dataDir, 'club.sqlite'))).toBe(true);
    // Closed: a second command opens the same file at once (SQLite would wait on a handle left open).
    expect(await runCommand(command({ run: async ({ database }) => void (await database()) }), [], output)).toBe(0);
  });
});
