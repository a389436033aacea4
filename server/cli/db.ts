import { backupClub, restoreClub } from '../backup/backup';
import { createDatabase, databaseTargetFrom } from '../db/database';
import { copyDatabase } from '../db/copy';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run db -- backup <pasta>
      cópia consistente do clube em funcionamento numa pasta nova: o SQLite de DATA_DIR e os arquivos dos membros,
      ou, com DATABASE_URL em PostgreSQL, pg_dump e cada arquivo do S3 com seu sha256
  npm run db -- restore <pasta>
      devolve um backup a um DATA_DIR vazio, ou a um PostgreSQL e um bucket vazios (nunca sobre um clube)
  npm run db -- copy --to postgres://usuario:senha@host:5432/banco
      copia o clube do DATABASE_URL atual (o SQLite de DATA_DIR, por padrão) para um PostgreSQL vazio; não é um backup`;

/** Hides the password of a connection URL in what the terminal prints. */
const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).replace('.', ',');
const seconds = (ms: number) => (ms / 1000).toFixed(1).replace('.', ',');

runCli({
  usage: USAGE,
  options: { to: { type: 'string' } },
  // The club is read with the server's own settings; a secret generated here would be one the club never had.
  env: () => ({ JWT_SECRET: 'x'.repeat(32), ...process.env }),
  async run({ positionals: [command, folder], values, config, database, print }) {
    if (command === 'backup' && folder) {
      const started = Date.now();
      const report = await backupClub(await database(), config, folder);
      print(
        `Backup pronto em ${report.folder}: banco e ${report.files} arquivo(s), ${megabytes(report.bytes)} MB, ` +
          `em ${seconds(Date.now() - started)} s.`,
      );
      if (report.filesInS3) print('Os arquivos dos membros estão no S3: mantenha o versionamento do bucket ativo.');
      return;
    }
    if (command === 'restore' && folder) {
      const started = Date.now();
      const { files } = await restoreClub(folder, config);
      const where = config.database.kind === 'postgres' ? redact(config.database.url) : config.dataDir;
      print(
        `Clube restaurado em ${where}: banco e ${files} arquivo(s), em ${seconds(Date.now() - started)} s. ` +
          'Já pode iniciar o servidor.',
      );
      return;
    }
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
