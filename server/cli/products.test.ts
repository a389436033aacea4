import '../test/esm-shims';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clubCommand } from '../test/club-command';
import { removeDataDir, seededDataDir } from '../test/seeded-data-dir';

let dataDir: string;
let db: Kysely<Database>;

const cli = clubCommand('products', () => dataDir);

beforeAll(async () => {
  ({ dataDir, db } = await seededDataDir('clube-products-'));
});
afterAll(() => removeDataDir(dataDir, db));

describe('npm run products', () => {
  it('lists the catalogue, imports a file, and refuses one with a bad line naming it, importing nothing', () => {
    const listed = cli('list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(
      '7893216102056  fitas    FITA-BR-22  Fita de borda PVC Branco TX 22 mm x 20 m (rolo)',
    );
    expect(listed.stdout).toContain('24 produtos.');

    const good = path.join(dataDir, 'novos.csv');
    writeFileSync(
      good,
      'gtin;sku;nome;linha;unidade\n7893216109994;FITA-PRETO-22;Fita de borda PVC Preto 22 mm;fitas;rolo\n',
    );
    const imported = cli('import', good, '--by', 'catalogo.ana');
    expect(imported.stdout).toContain('Catálogo importado: 1 novos, 0 atualizados, 0 sem mudança.');

    const bad = path.join(dataDir, 'errado.csv');
    writeFileSync(
      bad,
      'gtin;sku;nome;linha;unidade\n7893216109987;X;Outro;fitas;rolo\n7893216109990;Y;Dígito errado;fitas;rolo\n',
    );
    const refused = cli('import', bad);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Linha 3: GTIN "7893216109990" inválido');
    expect(cli('list').stdout).toContain('25 produtos.');
    expect(cli('import').status).toBe(2);
  });
});
