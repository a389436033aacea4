// The earning rules' use cases: what a person of the campaigns desk does in the painel (`campanhas`, or an admin) and
// an operator at the terminal (`npm run rules`). Each validates its input once with pt-BR messages, writes the change
// and its audit line in one transaction, and refuses with a DomainError. A rule version is never edited: it is ended,
// and a change is the next version of the same code (docs/earning.md).
import { parseNfeXml } from '../../../common/invoices/nfe-xml';
import { todayInBrazil, saoPauloDayStart } from '../../../common/format/dates';
import { isProductLine, PRODUCT_LINES } from '../../../common/products/lines';
import { UF_BY_CODE } from '../../../common/validation/access-key';
import { isValidCnpj, normaliseCnpj } from '../../../common/validation/cnpj';
import { displayGtin, toGtin14 } from '../../../common/validation/gtin';
import type { Db, PointRuleRow } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { listProducts, productsByGtin } from '../products';
import { nowOf, type OperatorDeps } from '../service-deps';
import { actorLabel, recordAudit, type AuditActor } from '../staff';
import { computeEarning, ruleOf, type Catalogue, type Purchase, type Rule } from './earning-engine';
import * as repo from './earning-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const UFS = new Set(Object.values(UF_BY_CODE));

export const RULE_LIMITS = {
  nameMin: 3,
  nameMax: 80,
  codeMax: 60,
  /** Points per R$ 1 or per unit of a base rule. */
  baseRateMax: 1_000,
  /** Percent: 101 (1 % more) to 1,000 (ten times). */
  multiplierMin: 101,
  multiplierMax: 1_000,
  bonusMax: 1_000_000,
  capMax: 100_000_000,
  budgetMax: 1_000_000_000,
  priorityMax: 1_000,
  listMax: 500,
  /** A campaign lasts at most this many days. */
  daysMax: 3 * 366,
  /** The simulator's XML, as the invoices' upload reads it. */
  xmlBytes: 2 * 1024 * 1024,
  /** The estimate's window and the invoices it reads at most. */
  estimateDays: 90,
  estimateInvoices: 5_000,
} as const;

export const RULE_MESSAGES = {
  notFound: 'Regra não encontrada.',
  name: `Informe o nome da campanha (${RULE_LIMITS.nameMin} a ${RULE_LIMITS.nameMax} caracteres).`,
  code: `O código usa letras minúsculas, números e hífens (até ${RULE_LIMITS.codeMax} caracteres), como "mdf-em-dobro-sp".`,
  codeTaken: (code: string) =>
    `Já existe uma regra com o código "${code}". Para mudá-la, encerre-a e crie a próxima versão (Substituir).`,
  kind: 'Escolha o tipo: base, multiplicador ou bônus.',
  per: 'Uma regra base dá pontos por R$ 1 ("real") ou por unidade ("unit").',
  baseRate: `Informe os pontos da regra base: um número inteiro de 0 a ${RULE_LIMITS.baseRateMax}.`,
  multiplierRate: `O multiplicador é um percentual inteiro de ${RULE_LIMITS.multiplierMin} a ${RULE_LIMITS.multiplierMax} (200 = em dobro).`,
  bonusRate: `O bônus é um número inteiro de pontos de 1 a ${RULE_LIMITS.bonusMax.toLocaleString('pt-BR')}.`,
  baseLines: 'Uma regra base é de uma linha de produtos só.',
  baseFilters: 'Uma regra base não tem lojas, estados, GTINs, limite por membro nem orçamento: isso é de campanha.',
  lines: `Linha de produtos desconhecida. Use ${PRODUCT_LINES.join(', ')}.`,
  gtins: (code: string) => `GTIN "${code.slice(0, 20)}" inválido (8, 12, 13 ou 14 dígitos, dígito verificador certo).`,
  gtinUnknown: (code: string) => `O GTIN ${code} não está no catálogo da marca.`,
  stores: (cnpj: string) => `CNPJ "${cnpj.slice(0, 20)}" inválido.`,
  ufs: (uf: string) => `Estado "${uf.slice(0, 5)}" desconhecido: use a sigla, como SP.`,
  listMax: `No máximo ${RULE_LIMITS.listMax} itens em cada filtro.`,
  startsOn: 'Informe o primeiro dia da campanha (AAAA-MM-DD).',
  startsPast: 'Uma regra nova começa hoje ou depois: as compras já feitas seguem as regras do seu dia.',
  endsOn: 'O último dia deve ser uma data (AAAA-MM-DD) no primeiro dia ou depois dele.',
  tooLong: `Uma campanha dura no máximo ${RULE_LIMITS.daysMax} dias.`,
  cap: `O limite por membro é um número inteiro de 1 a ${RULE_LIMITS.capMax.toLocaleString('pt-BR')}, por campanha ou por mês.`,
  budget: `O orçamento é um número inteiro de pontos de 1 a ${RULE_LIMITS.budgetMax.toLocaleString('pt-BR')}.`,
  resolution: 'A resolução é "somar" ou "prioridade".',
  priority: `A prioridade é um número inteiro de 0 a ${RULE_LIMITS.priorityMax}.`,
  alreadyEnded: 'Esta regra já foi encerrada.',
  endBase: 'A regra base de uma linha não é encerrada sozinha: substitua-a pela próxima versão.',
  replaceKind: 'A nova versão tem o mesmo tipo da regra que substitui.',
  xmlEmpty: 'Cole o XML da nota ou escolha o arquivo.',
  xmlTooBig: 'O XML passa de 2 MB: não é o de uma NF-e.',
} as const;

/** A rule as a person types it: a new campaign, a new base version, or the next version of a rule. */
export interface RuleInput {
  /** Lower-case words joined by hyphens; from the name when absent. */
  readonly code?: string | null;
  readonly name: string;
  readonly kind: string;
  readonly per?: string | null;
  readonly rate: number;
  readonly lines?: readonly string[] | null;
  readonly gtins?: readonly string[] | null;
  readonly stores?: readonly string[] | null;
  readonly ufs?: readonly string[] | null;
  readonly startsOn: string;
  readonly endsOn?: string | null;
  readonly capPoints?: number | null;
  readonly capPeriod?: string | null;
  readonly budgetPoints?: number | null;
  readonly resolution?: string | null;
  readonly priority?: number | null;
}

/** A valid rule, ready to be written. */
interface ValidRule {
  readonly code: string;
  readonly name: string;
  readonly kind: PointRuleRow['kind'];
  readonly per: 'real' | 'unit';
  readonly rate: number;
  readonly lines: string[] | null;
  readonly gtins: string[] | null;
  readonly stores: string[] | null;
  readonly ufs: string[] | null;
  readonly startsOn: string;
  readonly endsOn: string | null;
  readonly capPoints: number | null;
  readonly capPeriod: 'campanha' | 'mes' | null;
  readonly budgetPoints: number | null;
  readonly resolution: 'somar' | 'prioridade';
  readonly priority: number;
}

const bad = (message: string, field: string) => new DomainError('BAD_USER_INPUT', message, field);

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** "Fitas em dobro SP!" → "fitas-em-dobro-sp". */
export const codeOfName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, RULE_LIMITS.codeMax)
    .replace(/-+$/, '');

/** A filter's list: null when empty (any), each value checked and normalised, no repeats. */
function listOf(
  values: readonly string[] | null | undefined,
  field: string,
  check: (value: string) => string,
): string[] | null {
  const cleaned = (values ?? []).map((v) => v.trim()).filter((v) => v !== '');
  if (cleaned.length === 0) return null;
  if (cleaned.length > RULE_LIMITS.listMax) throw bad(RULE_MESSAGES.listMax, field);
  return [...new Set(cleaned.map(check))];
}

/**
 * Checks a rule as typed, every field, and answers it normalised: GTINs as GTIN-14, CNPJs without punctuation, states
 * in capitals. `today` is the São Paulo day new rules start from; `draft` (the cost estimate) lets a start be past.
 */
export function validateRule(input: RuleInput, today: string, options: { draft?: boolean } = {}): ValidRule {
  const name = (input.name ?? '').trim();
  if (name.length < RULE_LIMITS.nameMin || name.length > RULE_LIMITS.nameMax) throw bad(RULE_MESSAGES.name, 'name');
  const code = (input.code ?? '').trim() || codeOfName(name);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(code) || code.length > RULE_LIMITS.codeMax)
    throw bad(RULE_MESSAGES.code, 'code');
  const kind = input.kind;
  if (kind !== 'base' && kind !== 'multiplier' && kind !== 'bonus') throw bad(RULE_MESSAGES.kind, 'kind');
  const per = input.per ?? 'real';
  if (per !== 'real' && per !== 'unit') throw bad(RULE_MESSAGES.per, 'per');
  const rate = input.rate;
  if (kind === 'base' && !isInt(rate, 0, RULE_LIMITS.baseRateMax)) throw bad(RULE_MESSAGES.baseRate, 'rate');
  if (kind === 'multiplier' && !isInt(rate, RULE_LIMITS.multiplierMin, RULE_LIMITS.multiplierMax))
    throw bad(RULE_MESSAGES.multiplierRate, 'rate');
  if (kind === 'bonus' && !isInt(rate, 1, RULE_LIMITS.bonusMax)) throw bad(RULE_MESSAGES.bonusRate, 'rate');

  const lines = listOf(input.lines, 'lines', (line) => {
    const lower = line.toLowerCase();
    if (!isProductLine(lower)) throw bad(RULE_MESSAGES.lines, 'lines');
    return lower;
  });
  const gtins = listOf(input.gtins, 'gtins', (code) => {
    const gtin = toGtin14(code.replace(/\s/g, ''));
    if (!gtin) throw bad(RULE_MESSAGES.gtins(code), 'gtins');
    return gtin;
  });
  const stores = listOf(input.stores, 'stores', (cnpj) => {
    if (!isValidCnpj(cnpj)) throw bad(RULE_MESSAGES.stores(cnpj), 'stores');
    return normaliseCnpj(cnpj);
  });
  const ufs = listOf(input.ufs, 'ufs', (uf) => {
    const upper = uf.toUpperCase();
    if (!UFS.has(upper)) throw bad(RULE_MESSAGES.ufs(uf), 'ufs');
    return upper;
  });

  const startsOn = (input.startsOn ?? '').trim();
  if (!isDay(startsOn)) throw bad(RULE_MESSAGES.startsOn, 'startsOn');
  if (!options.draft && startsOn < today) throw bad(RULE_MESSAGES.startsPast, 'startsOn');
  const endsOn = input.endsOn?.trim() || null;
  if (endsOn !== null && (!isDay(endsOn) || endsOn < startsOn)) throw bad(RULE_MESSAGES.endsOn, 'endsOn');
  if (endsOn !== null && kind !== 'base' && endsOn > addDays(startsOn, RULE_LIMITS.daysMax))
    throw bad(RULE_MESSAGES.tooLong, 'endsOn');

  const capPoints = input.capPoints ?? null;
  const capPeriod = input.capPeriod || null;
  if ((capPoints === null) !== (capPeriod === null)) throw bad(RULE_MESSAGES.cap, 'capPoints');
  if (capPoints !== null && !isInt(capPoints, 1, RULE_LIMITS.capMax)) throw bad(RULE_MESSAGES.cap, 'capPoints');
  if (capPeriod !== null && capPeriod !== 'campanha' && capPeriod !== 'mes') throw bad(RULE_MESSAGES.cap, 'capPeriod');
  const budgetPoints = input.budgetPoints ?? null;
  if (budgetPoints !== null && !isInt(budgetPoints, 1, RULE_LIMITS.budgetMax))
    throw bad(RULE_MESSAGES.budget, 'budgetPoints');
  const resolution = input.resolution || 'somar';
  if (resolution !== 'somar' && resolution !== 'prioridade') throw bad(RULE_MESSAGES.resolution, 'resolution');
  const priority = input.priority ?? 0;
  if (!isInt(priority, 0, RULE_LIMITS.priorityMax)) throw bad(RULE_MESSAGES.priority, 'priority');

  if (kind === 'base') {
    if (!lines || lines.length !== 1) throw bad(RULE_MESSAGES.baseLines, 'lines');
    if (gtins || stores || ufs || capPoints !== null || budgetPoints !== null)
      throw bad(RULE_MESSAGES.baseFilters, 'kind');
  }
  return {
    code,
    name,
    kind,
    per: kind === 'base' ? per : 'real',
    rate,
    lines,
    gtins,
    stores,
    ufs,
    startsOn,
    endsOn,
    capPoints,
    capPeriod: capPeriod as ValidRule['capPeriod'],
    budgetPoints,
    resolution: kind === 'base' ? 'somar' : resolution,
    priority,
  };
}

/** Every GTIN of a campaign's filter is one of the brand's: another would never select anything. */
async function requireCatalogueGtins(db: Db, rule: ValidRule): Promise<void> {
  if (!rule.gtins) return;
  const known = new Set((await productsByGtin(db, rule.gtins)).map((p) => p.gtin));
  const missing = rule.gtins.find((g) => !known.has(g));
  if (missing) throw bad(RULE_MESSAGES.gtinUnknown(displayGtin(missing)), 'gtins');
}

export type RuleStatus = 'vigente' | 'agendada' | 'encerrada';

export interface RuleView {
  /** The version's id, as the painel's ID. */
  readonly id: string;
  readonly code: string;
  readonly version: number;
  readonly name: string;
  readonly kind: PointRuleRow['kind'];
  readonly per: 'real' | 'unit';
  readonly rate: number;
  readonly lines: string[];
  /** As people read them (EAN-13 for the brand's). */
  readonly gtins: string[];
  readonly stores: string[];
  readonly ufs: string[];
  readonly startsOn: string;
  readonly endsOn: string | null;
  readonly capPoints: number | null;
  readonly capPeriod: 'campanha' | 'mes' | null;
  readonly budgetPoints: number | null;
  readonly budgetUsed: number;
  readonly resolution: 'somar' | 'prioridade';
  readonly priority: number;
  readonly status: RuleStatus;
  readonly createdAt: string;
  readonly createdBy: string;
  readonly endedAt: string | null;
  readonly endedBy: string | null;
}

export const statusOf = (row: Pick<PointRuleRow, 'starts_on' | 'ends_on'>, today: string): RuleStatus =>
  row.ends_on !== null && (row.ends_on < today || row.ends_on < row.starts_on)
    ? 'encerrada'
    : row.starts_on > today
      ? 'agendada'
      : 'vigente';

export function ruleView(row: PointRuleRow, today: string): RuleView {
  const rule = ruleOf(row);
  return {
    id: String(row.id),
    code: row.code,
    version: row.version,
    name: row.name,
    kind: row.kind,
    per: rule.per,
    rate: row.rate,
    lines: [...(rule.lines ?? [])],
    gtins: (rule.gtins ?? []).map(displayGtin),
    stores: [...(rule.stores ?? [])],
    ufs: [...(rule.ufs ?? [])],
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    capPoints: row.cap_points,
    capPeriod: row.cap_period,
    budgetPoints: row.budget_points,
    budgetUsed: row.budget_used,
    resolution: rule.resolution,
    priority: rule.priority,
    status: statusOf(row, today),
    createdAt: row.created_at,
    createdBy: row.created_by,
    endedAt: row.ended_at,
    endedBy: row.ended_by,
  };
}

const STATUS_ORDER: Record<RuleStatus, number> = { vigente: 0, agendada: 1, encerrada: 2 };

/** Every rule version: in force first, then scheduled, then ended; base rules before campaigns; by code and version. */
export async function listRules(deps: OperatorDeps): Promise<RuleView[]> {
  const today = todayInBrazil(nowOf(deps));
  const rows = await deps.db.selectFrom('point_rules').selectAll().orderBy('code').orderBy('version').execute();
  return rows
    .map((row) => ruleView(row, today))
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        Number(a.kind !== 'base') - Number(b.kind !== 'base') ||
        a.code.localeCompare(b.code) ||
        b.version - a.version,
    );
}

const actorName = (actor: AuditActor) => actorLabel(actor);

const json = (list: readonly string[] | null) => (list === null ? null : JSON.stringify(list));

async function insertRule(trx: Db, rule: ValidRule, version: number, actor: AuditActor, at: Date) {
  return trx
    .insertInto('point_rules')
    .values({
      code: rule.code,
      version,
      name: rule.name,
      kind: rule.kind,
      per: rule.per,
      rate: rule.rate,
      lines: json(rule.lines),
      gtins: json(rule.gtins),
      stores: json(rule.stores),
      ufs: json(rule.ufs),
      starts_on: rule.startsOn,
      ends_on: rule.endsOn,
      cap_points: rule.capPoints,
      cap_period: rule.capPeriod,
      budget_points: rule.budgetPoints,
      resolution: rule.resolution,
      priority: rule.priority,
      created_at: at.toISOString(),
      created_by: actorName(actor),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What the audit keeps of a rule: enough to read it again without the table. */
const auditOf = (rule: ValidRule | RuleView, version: number) => ({
  code: rule.code,
  version,
  name: rule.name,
  kind: rule.kind,
  per: rule.per,
  rate: rule.rate,
  lines: rule.lines,
  gtins: rule.gtins,
  stores: rule.stores,
  ufs: rule.ufs,
  startsOn: rule.startsOn,
  endsOn: rule.endsOn,
  capPoints: rule.capPoints,
  capPeriod: rule.capPeriod,
  budgetPoints: rule.budgetPoints,
  resolution: rule.resolution,
  priority: rule.priority,
});

const latestVersionOf = (db: Db, code: string) =>
  db
    .selectFrom('point_rules')
    .select((eb) => eb.fn.max<number | null>('version').as('version'))
    .where('code', '=', code)
    .executeTakeFirst()
    .then((row) => (row?.version === null || row?.version === undefined ? null : Number(row.version)));

/** Adds a rule: a new campaign (or base rule) under a code nobody used. Audited as `rule.add`. */
export async function addRule(deps: OperatorDeps, actor: AuditActor, input: RuleInput): Promise<RuleView> {
  const at = nowOf(deps);
  const today = todayInBrazil(at);
  const rule = validateRule(input, today);
  return runInTransaction(deps.db, async (trx) => {
    await requireCatalogueGtins(trx, rule);
    if ((await latestVersionOf(trx, rule.code)) !== null) throw bad(RULE_MESSAGES.codeTaken(rule.code), 'code');
    const row = await insertRule(trx, rule, 1, actor, at);
    await recordAudit(
      trx,
      actor,
      { action: 'rule.add', object: { type: 'rule', id: row.id, label: `${row.code} v1` }, after: auditOf(rule, 1) },
      at,
    );
    return ruleView(row, today);
  });
}

async function requireRule(db: Db, id: number): Promise<PointRuleRow> {
  const row = Number.isSafeInteger(id)
    ? await db.selectFrom('point_rules').selectAll().where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw new DomainError('NOT_FOUND', RULE_MESSAGES.notFound);
  return row;
}

/**
 * Ends a version: its last purchase day becomes `lastDay` (today by default; the day before its start when it had not
 * started, so it never applies), with who ended it and when. Nothing else of it changes.
 */
async function endVersion(trx: Db, row: PointRuleRow, lastDay: string, actor: AuditActor, at: Date) {
  const endsOn = row.starts_on > lastDay ? addDays(row.starts_on, -1) : lastDay;
  const newEnd = row.ends_on !== null && row.ends_on < endsOn ? row.ends_on : endsOn;
  await trx
    .updateTable('point_rules')
    .set({ ends_on: newEnd, ended_at: at.toISOString(), ended_by: actorName(actor) })
    .where('id', '=', row.id)
    .where('ended_at', 'is', null)
    .execute();
  return { ...row, ends_on: newEnd, ended_at: at.toISOString(), ended_by: actorName(actor) };
}

/** Ends a campaign today: purchases of today still take it, those of tomorrow no longer. Audited as `rule.end`. */
export async function endRule(deps: OperatorDeps, actor: AuditActor, id: number): Promise<RuleView> {
  const at = nowOf(deps);
  const today = todayInBrazil(at);
  return runInTransaction(deps.db, async (trx) => {
    const row = await requireRule(trx, id);
    if (row.ended_at !== null || statusOf(row, today) === 'encerrada') throw bad(RULE_MESSAGES.alreadyEnded, 'id');
    if (row.kind === 'base') throw bad(RULE_MESSAGES.endBase, 'id');
    const ended = await endVersion(trx, row, today, actor, at);
    await recordAudit(
      trx,
      actor,
      {
        action: 'rule.end',
        object: { type: 'rule', id: row.id, label: `${row.code} v${row.version}` },
        before: { endsOn: row.ends_on },
        after: { endsOn: ended.ends_on },
      },
      at,
    );
    return ruleView(ended, today);
  });
}

/**
 * Replaces a version by the next one of the same code: the old one ends the day before the new one starts (or stays
 * as it ended), the new one is written with version + 1. Both in one transaction, audited as `rule.replace`.
 */
export async function replaceRule(
  deps: OperatorDeps,
  actor: AuditActor,
  id: number,
  input: Omit<RuleInput, 'code'>,
): Promise<{ ended: RuleView; added: RuleView }> {
  const at = nowOf(deps);
  const today = todayInBrazil(at);
  return runInTransaction(deps.db, async (trx) => {
    const old = await requireRule(trx, id);
    const rule = validateRule({ ...input, code: old.code }, today);
    if (rule.kind !== old.kind) throw bad(RULE_MESSAGES.replaceKind, 'kind');
    await requireCatalogueGtins(trx, rule);
    const ended = old.ended_at === null ? await endVersion(trx, old, addDays(rule.startsOn, -1), actor, at) : old;
    const version = ((await latestVersionOf(trx, old.code)) ?? old.version) + 1;
    const row = await insertRule(trx, rule, version, actor, at);
    await recordAudit(
      trx,
      actor,
      {
        action: 'rule.replace',
        object: { type: 'rule', id: row.id, label: `${row.code} v${version}` },
        before: { id: old.id, version: old.version, endsOn: old.ends_on, newEndsOn: ended.ends_on },
        after: auditOf(rule, version),
      },
      at,
    );
    return { ended: ruleView(ended, today), added: ruleView(row, today) };
  });
}

// ——— Simulation ———

export interface SimulatedPart {
  readonly ruleId: string;
  readonly code: string;
  readonly version: number;
  readonly name: string;
  readonly kind: PointRuleRow['kind'];
  readonly points: number;
}

export interface SimulatedItem {
  readonly index: number;
  readonly description: string;
  readonly gtin: string | null;
  readonly quantity: string;
  readonly unit: string;
  /** vProd − vDesc. */
  readonly valueCents: number;
  /** Whether the item is one of the brand's (its GTIN in the catalogue). */
  readonly participates: boolean;
  readonly productName: string | null;
  readonly line: string | null;
  readonly parts: SimulatedPart[];
  readonly points: number;
}

export interface Simulation {
  readonly accessKey: string;
  readonly issuerCnpj: string;
  readonly issuerName: string;
  readonly uf: string;
  /** The purchase day whose rules apply. */
  readonly day: string;
  readonly items: SimulatedItem[];
  /** Each rule that gave points, with its total. */
  readonly rules: SimulatedPart[];
  readonly total: number;
}

/**
 * What an NF-e XML would earn by the rules of its purchase day, writing nothing: each item with the rules that give it
 * points, the items that are not the brand's, and the total. No member is named, so no member's cap counts; each
 * campaign's budget counts as it stands.
 */
export async function simulateXml(deps: Pick<OperatorDeps, 'db'>, xml: string): Promise<Simulation> {
  if (!xml.trim()) throw bad(RULE_MESSAGES.xmlEmpty, 'xml');
  if (Buffer.byteLength(xml, 'utf8') > RULE_LIMITS.xmlBytes) throw bad(RULE_MESSAGES.xmlTooBig, 'xml');
  const parsed = parseNfeXml(xml);
  if (!parsed.ok) throw bad(parsed.message, 'xml');
  const nfe = parsed.data;
  const purchase: Purchase = {
    items: nfe.items.map((item, index) => ({
      index,
      gtin: item.gtin ?? null,
      quantity: item.quantity,
      valueCents: Math.max(0, item.totalCents - (item.discountCents ?? 0)),
    })),
    storeCnpj: nfe.issuerCnpj,
    uf: UF_BY_CODE[nfe.accessKey.slice(0, 2)] ?? '',
    day: todayInBrazil(new Date(nfe.issuedAt)),
  };
  const rules = (await repo.rulesInForceOn(deps.db, purchase.day)).map(ruleOf);
  const gtins = [...new Set(purchase.items.flatMap((i) => (i.gtin ? [i.gtin] : [])))];
  const products = new Map((await productsByGtin(deps.db, gtins)).map((p) => [p.gtin, p]));
  const catalogue: Catalogue = new Map([...products].map(([gtin, p]) => [gtin, p.line]));
  const earning = computeEarning(purchase, rules, catalogue);
  const partsByItem = new Map<number, SimulatedPart[]>();
  const ruleParts: SimulatedPart[] = [];
  for (const part of [...earning.base, ...earning.campaigns]) {
    const head = {
      ruleId: String(part.rule.id),
      code: part.rule.code,
      version: part.rule.version,
      name: part.rule.name,
      kind: part.rule.kind,
    };
    ruleParts.push({ ...head, points: part.points });
    for (const item of part.items) {
      const list = partsByItem.get(item.index) ?? [];
      list.push({ ...head, points: item.points });
      partsByItem.set(item.index, list);
    }
  }
  return {
    accessKey: nfe.accessKey,
    issuerCnpj: nfe.issuerCnpj,
    issuerName: nfe.issuerName,
    uf: purchase.uf,
    day: purchase.day,
    items: nfe.items.map((item, index) => {
      const product = item.gtin ? products.get(item.gtin) : undefined;
      const parts = partsByItem.get(index) ?? [];
      return {
        index,
        description: item.description,
        gtin: item.gtin ? displayGtin(item.gtin) : null,
        quantity: item.quantity,
        unit: item.unit,
        valueCents: purchase.items[index]!.valueCents,
        participates: product !== undefined,
        productName: product?.name ?? null,
        line: product?.line ?? null,
        parts,
        points: parts.reduce((sum, p) => sum + p.points, 0),
      };
    }),
    rules: ruleParts,
    total: earning.total,
  };
}

// ——— Estimated cost ———

export interface CostEstimate {
  /** The points the draft would have given over the window's approved invoices. */
  readonly points: number;
  /** What the draft alone would give before its budget: `points` is this, or the budget when smaller. */
  readonly pointsBeforeBudget: number;
  readonly invoicesConsidered: number;
  /** Invoices the draft would have given points to. */
  readonly invoicesWithPoints: number;
  readonly members: number;
  /** True when the window held more approved invoices than are read: the most recent ones were. */
  readonly limited: boolean;
  readonly fromDay: string;
  readonly toDay: string;
}

/** The draft's id in the engine: above every stored rule, so it comes last, as a new rule would. */
const DRAFT_ID = Number.MAX_SAFE_INTEGER;

interface StoredItem {
  quantity: string;
  totalCents: number;
  discountCents?: number;
  gtin?: string | null;
}

/**
 * "Custo estimado" of a draft campaign: the points it would have given over the last 90 days of approved invoices
 * with an XML (at most the 5,000 most recent), as if it had run then. Each invoice goes through the engine with the
 * rules of its purchase day, once without and once with the draft; the difference is the draft's (a "prioridade"
 * draft may take an item from another campaign). The other campaigns' caps and budgets are left out of both runs, the
 * draft's own cap per member and budget are kept. Writes nothing.
 */
export async function estimateCost(deps: OperatorDeps, input: RuleInput): Promise<CostEstimate> {
  const today = todayInBrazil(nowOf(deps));
  const draft = validateRule(input, today, { draft: true });
  if (draft.kind === 'base') throw bad(RULE_MESSAGES.kind, 'kind');
  await requireCatalogueGtins(deps.db, draft);
  const fromDay = addDays(today, -RULE_LIMITS.estimateDays);
  const invoices = await deps.db
    .selectFrom('invoices')
    .select(['id', 'user_id', 'issuer_cnpj', 'uf', 'issued_at', 'items_json'])
    .where('status', '=', 'approved')
    .where('has_xml', '=', 1)
    .where('issued_at', '>=', saoPauloDayStart(fromDay))
    .orderBy('issued_at', 'desc')
    .limit(RULE_LIMITS.estimateInvoices + 1)
    .execute();
  const limited = invoices.length > RULE_LIMITS.estimateInvoices;
  const considered = invoices.slice(0, RULE_LIMITS.estimateInvoices).reverse();
  const stored = await deps.db
    .selectFrom('point_rules')
    .selectAll()
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', fromDay)]))
    .where('starts_on', '<=', today)
    .execute();
  // Unlimited, in both runs: what the draft adds is the question, not what the others have left.
  const rules: Rule[] = stored.map((row) => ({ ...ruleOf(row), capPoints: null, budgetPoints: null }));
  const draftRule: Rule = {
    ...draft,
    id: DRAFT_ID,
    version: 1,
    startsOn: fromDay,
    endsOn: null,
    budgetPoints: null,
    budgetUsed: 0,
  };
  const catalogue: Catalogue = new Map((await listProducts(deps.db)).map((p) => [p.gtin, p.line]));
  const usage = new Map<string, number>();
  let pointsBeforeBudget = 0;
  let invoicesWithPoints = 0;
  const members = new Set<number>();
  for (const invoice of considered) {
    if (!invoice.issued_at) continue;
    const items = invoice.items_json ? (JSON.parse(invoice.items_json) as StoredItem[]) : [];
    const purchase: Purchase = {
      items: items.map((item, index) => ({
        index,
        gtin: item.gtin ?? null,
        quantity: item.quantity,
        valueCents: Math.max(0, item.totalCents - (item.discountCents ?? 0)),
      })),
      storeCnpj: invoice.issuer_cnpj,
      uf: invoice.uf,
      day: todayInBrazil(new Date(invoice.issued_at)),
    };
    const capKey =
      draft.capPeriod === 'mes' ? `${invoice.user_id}:${purchase.day.slice(0, 7)}` : String(invoice.user_id);
    const taken = usage.get(capKey) ?? 0;
    const without = computeEarning(purchase, rules, catalogue).total;
    const withDraft = computeEarning(purchase, [...rules, draftRule], catalogue, new Map([[DRAFT_ID, taken]])).total;
    const added = Math.max(0, withDraft - without);
    if (added > 0) {
      pointsBeforeBudget += added;
      invoicesWithPoints += 1;
      members.add(invoice.user_id);
      usage.set(capKey, taken + added);
    }
  }
  const points = draft.budgetPoints === null ? pointsBeforeBudget : Math.min(pointsBeforeBudget, draft.budgetPoints);
  return {
    points,
    pointsBeforeBudget,
    invoicesConsidered: considered.length,
    invoicesWithPoints,
    members: members.size,
    limited,
    fromDay,
    toDay: today,
  };
}
