import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { importContent } from '../modules/content/importer';
import { ContentSourceError, readContentFolder } from '../modules/content/source';

const USAGE = `Uso: npm run content -- import <pasta> [--rascunho]

  import <pasta>   carrega ou atualiza o conteúdo da pasta (veja content/README.md)
  --rascunho       importa tudo como rascunho, visível só em /rascunho/... para contas de editor

Usa o mesmo banco do servidor (DATA_DIR, DATABASE_URL).`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, folder, ...flags] = argv;
  if (command !== 'import' || !folder || flags.some((f) => f !== '--rascunho' && f !== '--draft')) {
    console.error(USAGE);
    return 2;
  }
  const asDraft = flags.length > 0;
  const bundle = readContentFolder(folder, { asDraft });
  const db = createDatabase(loadConfig().database);
  try {
    await migrateToLatest(db);
    const summary = await importContent(db, bundle);
    console.info(
      `Conteúdo importado: ${summary.published} publicado(s), ${summary.drafts} rascunho(s), ` +
        `${summary.images} imagem(ns); ${summary.draftsCleared} rascunho(s) substituído(s) pela versão publicada.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ContentSourceError ? error.message : error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
