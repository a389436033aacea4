import { readFile, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { catalogue, importCatalogue } from '../modules/products';
import { terminalActor } from '../modules/staff';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run products -- import <arquivo.csv>   adiciona e atualiza produtos (gtin;sku;nome;linha;unidade); com uma
                                             linha recusada, nada é importado
  npm run products -- list                   o catálogo da marca, por linha
Opção: --by "nome" registra quem fez (padrão: o usuário do sistema).`;

/** Above this the file is refused before it is read (the catalogue's own limit is 1 MB). */
const MAX_FILE_BYTES = 2_000_000;

runCli({
  usage: USAGE,
  options: { by: { type: 'string' } },
  async run({ positionals: [command, file], values, config, database, print }) {
    switch (command) {
      case 'import': {
        if (!file) break;
        const size = await stat(file).then(
          (s) => s.size,
          () => null,
        );
        if (size === null) throw new Error(`Arquivo ${file} não encontrado.`);
        if (size > MAX_FILE_BYTES) throw new Error(`O arquivo ${file} passa de 1 MB: não é a lista de produtos.`);
        const deps = { db: await database(), config };
        const actor = terminalActor(values.by?.trim() || userInfo().username);
        const result = await importCatalogue(deps, actor, await readFile(file, 'utf8'));
        print(
          `Catálogo importado: ${result.added} novos, ${result.updated} atualizados, ${result.unchanged} sem mudança.`,
        );
        return;
      }
      case 'list': {
        const products = await catalogue({ db: await database() });
        for (const p of products) print(`${p.gtin}  ${p.line.padEnd(7)}  ${p.sku}  ${p.name} (${p.unit})`);
        print(products.length === 0 ? 'Nenhum produto no catálogo.' : `${products.length} produtos.`);
        return;
      }
    }
    throw new UsageError();
  },
});
