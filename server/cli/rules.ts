import { readFile, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { addRule, endRule, listRules, simulateXml, type RuleView } from '../modules/points';
import { terminalActor } from '../modules/staff';
import { runCli, UsageError } from './run';
import { formatCount } from '../../common/format/numbers';

const USAGE = `Uso:
  npm run rules -- list                       as regras: em vigor, agendadas e encerradas, com o orçamento usado
  npm run rules -- add --name "MDF em dobro SP" --kind multiplier --rate 200 --lines mdf --ufs SP
                   --starts 2026-12-01 [--ends 2026-12-31] [--code mdf-em-dobro-sp] [--gtins 7893216101004,…]
                   [--stores <cnpj>,…] [--cap 500 --cap-period campanha|mes] [--budget 100000]
                   [--resolution somar|prioridade] [--priority 0] [--per real|unit]
                                              cria uma regra (multiplier: percentual, 200 = em dobro; bonus: pontos
                                              uma vez por compra; base: pontos por R$ 1 ou por unidade de uma linha)
  npm run rules -- end <id>                   encerra uma campanha hoje (as compras de hoje ainda contam)
  npm run rules -- simulate <nota.xml>        os pontos de cada item de uma NF-e pelas regras do dia da compra,
                                              sem gravar nada
Opção: --by "nome" registra quem fez (padrão: o usuário do sistema).`;

const MAX_XML_BYTES = 2 * 1024 * 1024;

const KIND_NAMES: Record<RuleView['kind'], string> = { base: 'base', multiplier: 'multiplicador', bonus: 'bônus' };

const listOf = (value: string | undefined) => (value ? value.split(',').map((v) => v.trim()) : null);

function intOf(value: string | undefined, option: string): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${option} é um número inteiro.`);
  return Number(value);
}

const reais = (cents: number) =>
  (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

function describe(rule: RuleView): string {
  const what =
    rule.kind === 'base'
      ? `${formatCount(rule.rate, 'ponto', 'pontos')} por ${rule.per === 'unit' ? 'unidade' : 'R$ 1'}`
      : rule.kind === 'multiplier'
        ? `${rule.rate}%`
        : `+${formatCount(rule.rate, 'ponto', 'pontos')} por compra`;
  const filters = [
    rule.lines.length ? `linhas ${rule.lines.join(', ')}` : '',
    rule.gtins.length ? `${rule.gtins.length} GTIN(s)` : '',
    rule.ufs.length ? `estados ${rule.ufs.join(', ')}` : '',
    rule.stores.length ? `${rule.stores.length} loja(s)` : '',
  ].filter(Boolean);
  const period = `${rule.startsOn} a ${rule.endsOn ?? 'sem fim'}`;
  const budget = rule.budgetPoints === null ? '' : ` · orçamento ${rule.budgetUsed} de ${rule.budgetPoints}`;
  const cap =
    rule.capPoints === null ? '' : ` · limite ${rule.capPoints} por ${rule.capPeriod === 'mes' ? 'mês' : 'campanha'}`;
  return `#${rule.id}  ${rule.status.padEnd(9)}  ${rule.code} v${rule.version}  ${rule.name} (${KIND_NAMES[rule.kind]}: ${what}${filters.length ? `; ${filters.join('; ')}` : ''}) · ${period}${budget}${cap}`;
}

runCli({
  usage: USAGE,
  options: {
    by: { type: 'string' },
    name: { type: 'string' },
    code: { type: 'string' },
    kind: { type: 'string' },
    per: { type: 'string' },
    rate: { type: 'string' },
    lines: { type: 'string' },
    gtins: { type: 'string' },
    stores: { type: 'string' },
    ufs: { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
    cap: { type: 'string' },
    'cap-period': { type: 'string' },
    budget: { type: 'string' },
    resolution: { type: 'string' },
    priority: { type: 'string' },
  },
  async run({ positionals: [command, arg], values, config, database, print }) {
    const actor = () => terminalActor(values.by?.trim() || userInfo().username);
    switch (command) {
      case 'list': {
        const rules = await listRules({ db: await database(), config });
        for (const rule of rules) print(describe(rule));
        print(rules.length === 0 ? 'Nenhuma regra.' : `${rules.length} regras.`);
        return;
      }
      case 'add': {
        if (!values.name || !values.kind || values.rate === undefined || !values.starts) break;
        const rule = await addRule({ db: await database(), config }, actor(), {
          name: values.name,
          code: values.code ?? null,
          kind: values.kind,
          per: values.per ?? null,
          rate: intOf(values.rate, '--rate') ?? 0,
          lines: listOf(values.lines),
          gtins: listOf(values.gtins),
          stores: listOf(values.stores),
          ufs: listOf(values.ufs),
          startsOn: values.starts,
          endsOn: values.ends ?? null,
          capPoints: intOf(values.cap, '--cap'),
          capPeriod: values['cap-period'] ?? null,
          budgetPoints: intOf(values.budget, '--budget'),
          resolution: values.resolution ?? null,
          priority: intOf(values.priority, '--priority'),
        });
        print(`Regra criada: ${describe(rule)}`);
        return;
      }
      case 'end': {
        const id = intOf(arg, '<id>');
        if (id === null) break;
        const rule = await endRule({ db: await database(), config }, actor(), id);
        print(`Regra encerrada: ${describe(rule)}`);
        return;
      }
      case 'simulate': {
        if (!arg) break;
        const size = await stat(arg).then(
          (s) => s.size,
          () => null,
        );
        if (size === null) throw new Error(`Arquivo ${arg} não encontrado.`);
        if (size > MAX_XML_BYTES) throw new Error(`O arquivo ${arg} passa de 2 MB: não é o XML de uma NF-e.`);
        const sim = await simulateXml({ db: await database() }, await readFile(arg, 'utf8'));
        print(`NF-e ${sim.accessKey} · ${sim.issuerName} (${sim.uf}) · compra de ${sim.day}`);
        for (const item of sim.items) {
          const head = `${item.index + 1}. ${item.description} · ${item.quantity} ${item.unit} · ${reais(item.valueCents)}`;
          if (!item.participates) {
            print(`${head} · não participa do clube`);
            continue;
          }
          const parts = item.parts.map((p) => `${p.code} v${p.version}: ${p.points}`).join(', ');
          print(`${head} · ${item.points} pontos${parts ? ` (${parts})` : ''}`);
        }
        print(`Total: ${sim.total} pontos.`);
        return;
      }
    }
    throw new UsageError();
  },
});
