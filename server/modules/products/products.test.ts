import '../../test/esm-shims';
import { testConfig } from '../../test/helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { terminalActor } from '../staff';
import { catalogue, importCatalogue } from './index';
import { seedCatalogue } from './seed';

let t: TestDatabase;
const deps = () => ({ db: t.db, config: testConfig({ now: () => Date.parse('2026-12-01T12:00:00Z') }) });
const actor = terminalActor('catalogo.teste');
const HEADER = 'gtin;sku;nome;linha;unidade';

beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.drop());

const refusal = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('a importação deveria ter sido recusada');
};

describe('the brand’s catalogue', () => {
  it('starts with the shipped list of 24 products, and a second start changes nothing', async () => {
    const shipped = await catalogue(t);
    expect(shipped).toHaveLength(24);
    expect(shipped.find((p) => p.gtin === '7893216101004')).toEqual({
      gtin: '7893216101004',
      sku: 'MDF-BR-TX-18',
      name: 'Chapa MDF Branco TX 18 mm 2750x1850',
      line: 'mdf',
      lineName: 'Chapas de MDF',
      unit: 'chapa',
    });
    await seedCatalogue(t.db);
    expect(await catalogue(t)).toEqual(shipped);
  });

  it('adds and updates, comparing a GTIN-14 with the EAN-13 it pads, and writes the audit line', async () => {
    const file = [
      HEADER,
      '07893216101004;MDF-BR-TX-18;Chapa MDF Branco TX 18 mm (nova embalagem);mdf;chapa',
      '7893216109994;FITA-PRETO-22;Fita de borda PVC Preto 22 mm x 20 m;fitas;rolo',
      '',
    ].join('\r\n');
    expect(await importCatalogue(deps(), actor, file)).toEqual({ added: 1, updated: 1, unchanged: 0 });
    const after = await catalogue(t);
    expect(after).toHaveLength(25);
    expect(after.find((p) => p.gtin === '7893216101004')?.name).toBe('Chapa MDF Branco TX 18 mm (nova embalagem)');
    expect(await importCatalogue(deps(), actor, file)).toEqual({ added: 0, updated: 0, unchanged: 2 });
    const audit = await t.db.selectFrom('staff_audit').selectAll().where('action', '=', 'products.import').execute();
    expect(audit.map((a) => [a.actor_name, JSON.parse(a.after ?? '{}')])).toEqual([
      ['catalogo.teste', { added: 1, updated: 1, unchanged: 0 }],
      ['catalogo.teste', { added: 0, updated: 0, unchanged: 2 }],
    ]);
  });

  it('refuses a whole file for one bad line, naming each line: check digit, duplicate, unknown line', async () => {
    const before = await catalogue(t);
    const message = await refusal(
      importCatalogue(
        deps(),
        actor,
        [
          HEADER,
          '7893216109994;FITA-PRETO-22;Fita de borda PVC Preto 22 mm x 20 m;fitas;rolo',
          '7893216109995;X;Produto com dígito errado;mdf;chapa',
          '7893216101004;MDF-BR-TX-18;Chapa MDF Branco;mdf;chapa',
          '07893216101004;MDF-BR-TX-18;Chapa MDF Branco de novo;mdf;chapa',
          '7893216101073;MDF-BR-TX-15;Chapa MDF Branco TX 15 mm;madeira;chapa',
          'SEM GTIN;X;Parafuso;mdf;un',
        ].join('\n'),
      ),
    );
    expect(message.split('\n')).toEqual([
      expect.stringMatching(/^Linha 3: GTIN "7893216109995" inválido/),
      'Linha 5: GTIN 07893216101004 repetido (já na linha 4).',
      expect.stringMatching(/^Linha 6: linha de produto "madeira" desconhecida/),
      expect.stringMatching(/^Linha 7: GTIN "SEM GTIN" inválido/),
    ]);
    expect(await catalogue(t)).toEqual(before);
    expect(await refusal(importCatalogue(deps(), actor, 'codigo;nome\n1;2'))).toContain('Linha 1: o cabeçalho');
  });
});
