import '../test/esm-shims';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { todayInBrazil } from '../../common/format/dates';
import { sampleNfeXml } from '../../common/invoices/nfe-xml';
import { withCheckDigit } from '../../common/validation/access-key';
import type { Database } from '../db/schema';
import { clubCommand } from '../test/club-command';
import { removeDataDir, seededDataDir } from '../test/seeded-data-dir';

let dataDir: string;
let db: Kysely<Database>;

const cli = clubCommand('rules', () => dataDir);

beforeAll(async () => {
  ({ dataDir, db } = await seededDataDir('clube-rules-'));
});
afterAll(() => removeDataDir(dataDir, db));

describe('npm run rules', () => {
  it('lists, adds a campaign, ends it and simulates an XML, auditing the changes as the terminal', async () => {
    const listed = cli('list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/vigente\s+base-mdf v1 {2}/);

    const today = todayInBrazil();
    const added = cli(
      'add',
      '--name',
      'MDF em dobro SP',
      '--kind',
      'multiplier',
      '--rate',
      '200',
      '--lines',
      'mdf',
      '--ufs',
      'SP',
      '--starts',
      today,
      '--budget',
      '100000',
      '--by',
      'campanhas.ana',
    );
    expect(added.stderr).toBe('');
    expect(added.stdout).toContain('Regra criada: #');
    expect(added.stdout).toContain('mdf-em-dobro-sp v1  MDF em dobro SP (multiplicador: 200%; linhas mdf; estados SP)');
    expect(added.stdout).toContain('orçamento 0 de 100000');
    const id = /#(\d+)/.exec(added.stdout)![1]!;

    const wrong = cli(
      'add',
      '--name',
      'Errada',
      '--kind',
      'multiplier',
      '--rate',
      '200',
      '--ufs',
      'XX',
      '--starts',
      today,
    );
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('Estado "XX" desconhecido');

    const xml = path.join(dataDir, 'nota.xml');
    writeFileSync(
      xml,
      sampleNfeXml({
        accessKey: withCheckDigit(`352611${'58716523000119'}55001${'000007001'}1${'30000001'}`),
        issuerCnpj: '58716523000119',
        buyerCpf: '52998224725',
        issuedAt: `${today}T10:00:00-03:00`,
        total: '1734.50',
        items: [
          {
            description: 'Chapa MDF Branco TX 18 mm',
            quantity: '2.0000',
            unit: 'CH',
            total: '1234.50',
            gtin: '7893216101004',
          },
          { description: 'Tinta acrílica (outra marca)', quantity: '1.0000', unit: 'GL', total: '500.00' },
        ],
      }),
    );
    const simulated = cli('simulate', xml);
    expect(simulated.stderr).toBe('');
    expect(simulated.stdout).toContain('1. Chapa MDF Branco TX 18 mm · 2.0000 CH');
    expect(simulated.stdout).toContain('2468 pontos (base-mdf v1: 1234, mdf-em-dobro-sp v1: 1234)');
    expect(simulated.stdout).toContain('2. Tinta acrílica (outra marca) · 1.0000 GL');
    expect(simulated.stdout).toContain('não participa do clube');
    expect(simulated.stdout).toContain('Total: 2468 pontos.');

    const ended = cli('end', id, '--by', 'campanhas.ana');
    expect(ended.stdout).toContain(`Regra encerrada: #${id}`);
    expect(ended.stdout).toContain(`${today} a ${today}`);
    expect(cli('end', id).stderr).toContain('Esta regra já foi encerrada.');

    const audit = await db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'action'])
      .where('action', 'like', 'rule.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { actor_kind: 'terminal', actor_name: 'campanhas.ana', action: 'rule.add' },
      { actor_kind: 'terminal', actor_name: 'campanhas.ana', action: 'rule.end' },
    ]);
    expect(cli('simulate').status).toBe(2);
  });
});
