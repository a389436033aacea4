import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { importContent, readContentFolder } from '../modules/content';
import { importRewards, readRewardFolder } from '../modules/rewards';
import { terminalActor } from '../modules/staff';
import { runCli, UsageError } from './run';

const USAGE = `Uso: npm run content -- import <pasta> [--rascunho]

  import <pasta>   carrega ou atualiza o conteúdo da pasta (veja content/README.md), e os prêmios de
                   <pasta>/premios quando existe (o estoque dos prêmios que já existem não muda)
  --rascunho       importa tudo como rascunho, visível só em /rascunho/... (e cada prêmio na sua página)
                   para contas de editor

Usa o mesmo banco do servidor (DATA_DIR, DATABASE_URL).`;

runCli({
  usage: USAGE,
  // --draft: the English spelling the first version of this command took.
  options: { rascunho: { type: 'boolean' }, draft: { type: 'boolean' } },
  async run({ positionals: [command, folder, ...rest], values, config, database, print }) {
    if (command !== 'import' || !folder || rest.length > 0) throw new UsageError();
    const asDraft = Boolean(values.rascunho || values.draft);
    // The folder is read and checked before the database is opened: a broken file changes nothing.
    const rewardsFolder = path.join(folder, 'premios');
    const hasRewards = existsSync(rewardsFolder);
    // A folder of rewards alone is an import of the catalogue only.
    const bundle = readContentFolder(folder, { asDraft, allowEmpty: hasRewards });
    if (hasRewards) readRewardFolder(rewardsFolder, { asDraft });
    const db = await database();
    if (bundle.entries.length > 0) {
      const summary = await importContent(db, bundle);
      print(
        `Conteúdo importado: ${summary.published} publicado(s), ${summary.drafts} rascunho(s), ` +
          `${summary.images} imagem(ns); ${summary.draftsCleared} rascunho(s) substituído(s) pela versão publicada.`,
      );
    }
    // The catalogue is content too: its folder sits beside the others and is loaded by the rewards' own import.
    if (hasRewards) {
      const rewards = await importRewards({ db, config }, rewardsFolder, terminalActor(userInfo().username), {
        asDraft,
      });
      print(`Prêmios: ${rewards.added.length} novo(s), ${rewards.updated.length} atualizado(s).`);
    }
  },
});
