import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase, databaseTargetFrom } from '../db/database';
import { copyDatabase } from '../db/copy';

const USAGE = `Uso:
  npm run db -- copy --to postgres://usuario:senha@host:5432/banco
      copia o clube do DATABASE_URL atual (o SQLite de DATA_DIR, por padrão) para um PostgreSQL vazio`;

/** Hides the password of a connection URL in what the terminal prints. */
const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { to: { type: 'string' } },
  });
  if (positionals[0] !== 'copy' || !values.to) {
    console.error(USAGE);
    return 2;
  }
  const target = databaseTargetFrom(values.to, '');
  if (target.kind !== 'postgres') {
    console.error('O destino deve ser um PostgreSQL (postgres://…).');
    return 2;
  }
  // The source is read with the server's own settings; its JWT secret does not matter to a copy.
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), ...process.env });
  const source = createDatabase(config.database);
  const destination = createDatabase(target);
  try {
    const report = await copyDatabase(source, destination);
    for (const { table, rows } of report) console.log(`${table.padEnd(28)} ${rows} linhas`);
    console.log(`Clube copiado para ${redact(values.to)}.`);
    return 0;
  } finally {
    await Promise.all([source.destroy(), destination.destroy()]);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
