import { createDatabase, databaseTargetFrom } from '../db/database';
import { copyDatabase } from '../db/copy';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run db -- copy --to postgres://usuario:senha@host:5432/banco
      copia o clube do DATABASE_URL atual (o SQLite de DATA_DIR, por padrão) para um PostgreSQL vazio`;

/** Hides the password of a connection URL in what the terminal prints. */
const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

runCli({
  usage: USAGE,
  options: { to: { type: 'string' } },
  // The source is read with the server's own settings; its JWT secret does not matter to a copy.
  env: () => ({ JWT_SECRET: 'x'.repeat(32), ...process.env }),
  async run({ positionals: [command], values, config, print }) {
    if (command !== 'copy' || !values.to) throw new UsageError();
    const target = databaseTargetFrom(values.to, '');
    if (target.kind !== 'postgres') throw new UsageError('O destino deve ser um PostgreSQL (postgres://…).');
    const source = createDatabase(config.database);
    const destination = createDatabase(target);
    try {
      const report = await copyDatabase(source, destination);
      for (const { table, rows } of report) print(`${table.padEnd(28)} ${rows} linhas`);
      print(`Clube copiado para ${redact(values.to)}.`);
    } finally {
      await Promise.all([source.destroy(), destination.destroy()]);
    }
  },
});
