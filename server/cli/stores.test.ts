import '../test/esm-shims';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clubCommand } from '../test/club-command';
import { removeDataDir, seededDataDir } from '../test/seeded-data-dir';

let dataDir: string;
let db: Kysely<Database>;

const cli = clubCommand('stores', () => dataDir, { PUBLIC_URL: 'https://clube.exemplo' });

beforeAll(async () => {
  ({ dataDir, db } = await seededDataDir('clube-stores-'));
});
afterAll(() => removeDataDir(dataDir, db));

describe('npm run stores', () => {
  it('adds a store and lists it with its sign-up link; disables it; explains a wrong command', () => {
    const added = cli('add', 'casa-das-chapas', '--name', 'Casa das Chapas', '--city', 'Recife', '--uf', 'PE');
    expect(added.stdout).toContain('Link de cadastro: https://clube.exemplo/cadastro-promo/casa-das-chapas');
    expect(added.status).toBe(0);

    const listed = cli('list');
    expect(listed.stdout).toContain('casa-das-chapas  Casa das Chapas  Recife/PE  ativa');
    expect(listed.stdout).toContain('loja-centro  Loja Centro Chapas e Ferragens  Goiânia/GO  ativa');

    const kiosk = cli('kiosk', 'casa-das-chapas', '--by', 'lojas.ana');
    expect(kiosk.stdout).toMatch(/Código do totem: [A-Z2-9]{8} /);
    expect(kiosk.stdout).toContain('https://clube.exemplo/totem?codigo=');

    expect(cli('disable', 'casa-das-chapas').status).toBe(0);
    expect(cli('list').stdout).toContain('casa-das-chapas  Casa das Chapas  Recife/PE  desativada');
    expect(cli('kiosk', 'casa-das-chapas').stderr).toContain('está desativada; reative-a');

    const missing = cli('add', 'sem-nome', '--city', 'Recife', '--uf', 'PE');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('--name: Informe o nome da loja (3 a 80 caracteres).');
    expect(cli('voar').status).toBe(2);
  });

  it('prints the report for a period', () => {
    const report = cli('report', '--from', '2026-11-01', '--to', '2026-11-24');
    expect(report.status).toBe(0);
    expect(report.stdout).toContain('Cadastros por loja, de 2026-11-01 a 2026-11-24:');
  });
});
