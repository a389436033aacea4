import { importContent, readContentFolder } from '../modules/content';
import { runCli, UsageError } from './run';

const USAGE = `Uso: npm run content -- import <pasta> [--rascunho]

  import <pasta>   carrega ou atualiza o conteúdo da pasta (veja content/README.md)
  --rascunho       importa tudo como rascunho, visível só em /rascunho/... para contas de editor

Usa o mesmo banco do servidor (DATA_DIR, DATABASE_URL).`;

runCli({
  usage: USAGE,
  // --draft: the English spelling the first version of this command took.
  options: { rascunho: { type: 'boolean' }, draft: { type: 'boolean' } },
  async run({ positionals: [command, folder, ...rest], values, database, print }) {
    if (command !== 'import' || !folder || rest.length > 0) throw new UsageError();
    // The folder is read and checked before the database is opened: a broken file changes nothing.
    const bundle = readContentFolder(folder, { asDraft: Boolean(values.rascunho || values.draft) });
    const summary = await importContent(await database(), bundle);
    print(
      `Conteúdo importado: ${summary.published} publicado(s), ${summary.drafts} rascunho(s), ` +
        `${summary.images} imagem(ns); ${summary.draftsCleared} rascunho(s) substituído(s) pela versão publicada.`,
    );
  },
});
