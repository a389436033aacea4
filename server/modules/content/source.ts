import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { MAX_IMAGE_BYTES, sniffImage } from './images';
import { formatPoints } from '../../../common/format/numbers';
import { TRANSFER_RULES } from '../../../common/partner/rules';
import { POINTS_VALIDITY_TEXT } from '../../../common/points/validity';
import { CODE_VALIDITY_DAYS } from '../../../common/rewards/rules';
import { renderMarkdown, type ImageRef } from './rich-text';
import { surveyDefinitionSchema } from './survey';
import { assetUrl } from './asset-url';
import { type ContentKind, type ContentState } from '../../db/schema';

/**
 * Reads a content folder (Markdown files with YAML front matter, images beside them) into rows ready to store.
 * Layout, documented for authors in content/README.md:
 *   campanhas/<id>.md · campanha-padrao.md · promocoes/<slug>.md · regulamento/<versão>.md
 *   faq/<assunto>/_assunto.md · faq/<assunto>/<pergunta>.md
 * A file named <name>.rascunho.md (or with `draft: true`) is the draft of <name>.
 */

export interface ContentAsset {
  readonly id: string;
  readonly mime: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: Buffer;
}

export interface ContentEntry {
  readonly kind: ContentKind;
  readonly parentKey: string;
  readonly key: string;
  readonly state: ContentState;
  readonly position: number;
  readonly startsOn: string | null;
  readonly endsOn: string | null;
  readonly title: string;
  readonly summary: string;
  readonly bodyHtml: string;
  readonly bannerAssetId: string | null;
  readonly bannerAlt: string;
  readonly data: Record<string, unknown>;
  /** Where it came from, for error messages. */
  readonly file: string;
}

export interface ContentBundle {
  readonly entries: readonly ContentEntry[];
  readonly assets: ReadonlyMap<string, ContentAsset>;
}

export class ContentSourceError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`O conteúdo tem ${problems.length} problema(s):\n- ${problems.join('\n- ')}`);
    this.name = 'ContentSourceError';
  }
}

const MAX_MARKDOWN_BYTES = 512 * 1024;
const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DRAFT_SUFFIX = '.rascunho';

const isoDate = z
  .union([z.string(), z.date()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v.trim()))
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
    'data no formato AAAA-MM-DD',
  );

const common = {
  title: z.string().trim().min(1).max(160),
  summary: z.string().trim().max(400).default(''),
  banner: z.string().max(200).optional(),
  bannerAlt: z.string().trim().max(200).default(''),
  position: z.number().int().min(0).max(10000).default(0),
  draft: z.boolean().default(false),
};

const period = z
  .object({ start: isoDate, end: isoDate })
  .refine((p) => p.start <= p.end, 'o fim (end) vem antes do início (start)');

const campaignSchema = z.object({
  ...common,
  id: z.union([z.string(), z.number()]).transform(String).optional(),
  start: isoDate,
  end: isoDate,
  pointsRule: z.string().trim().min(1).max(400),
});
const standardSchema = z.object({ ...common, pointsRule: z.string().trim().min(1).max(400) });
const promotionSchema = z.object({
  ...common,
  start: isoDate,
  end: isoDate,
  prizes: z
    .array(
      z.object({ title: z.string().trim().min(1).max(160), quantity: z.number().int().min(1).max(100000).optional() }),
    )
    .max(50)
    .default([]),
  survey: surveyDefinitionSchema.optional(),
});
const ruleBookSchema = z.object({
  ...common,
  version: z.union([z.string(), z.number()]).transform(String).optional(),
  effectiveFrom: isoDate,
});
const subjectSchema = z.object({ ...common, description: z.string().trim().max(400).default('') });
const itemSchema = z.object({ ...common });

/** "1 ponto do parceiro para cada ponto do Clube", in the rule book's words. */
const transferRate = (club: number, partner: number) =>
  `${partner} ${partner === 1 ? 'ponto' : 'pontos'} do parceiro para cada ${club === 1 ? 'ponto' : `${club} pontos`} do Clube`;

/** Facts the product owns, written into content as {{name}} so the text follows the code. */
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  'validade-dos-pontos': POINTS_VALIDITY_TEXT,
  'validade-do-codigo': `${CODE_VALIDITY_DAYS} dias`,
  'transferencia-taxa': transferRate(TRANSFER_RULES.rateClubPoints, TRANSFER_RULES.ratePartnerPoints),
  'transferencia-minima': `${formatPoints(TRANSFER_RULES.minimum)} pontos`,
  'transferencia-multiplo': `${formatPoints(TRANSFER_RULES.multiple)} pontos`,
  'transferencias-por-dia':
    TRANSFER_RULES.perDay === 1 ? 'uma transferência por dia' : `até ${TRANSFER_RULES.perDay} transferências por dia`,
  'transferencia-prazo': `${TRANSFER_RULES.answerWithinHours} horas`,
};

/** Fills every {{name}}; an unknown name stops the import instead of reaching a member as braces. */
export function fillPlaceholders(text: string): string {
  return text.replace(/\{\{\s*([a-z0-9-]+)\s*\}\}/g, (_match, name: string) => {
    const value = PLACEHOLDERS[name];
    if (value === undefined) throw new Error(`marcador desconhecido {{${name}}}`);
    return value;
  });
}

function splitFrontMatter(text: string): { meta: unknown; body: string } | null {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  if (!normalised.startsWith('---\n')) return null;
  const end = normalised.indexOf('\n---', 4);
  if (end === -1) return null;
  const after = normalised.indexOf('\n', end + 4);
  return {
    meta: parseYaml(normalised.slice(4, end)),
    body: after === -1 ? '' : normalised.slice(after + 1),
  };
}

const listMarkdown = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.md') && name.toLowerCase() !== 'readme.md')
        .sort()
    : [];

export interface ReadOptions {
  /** Import every file as a draft, whatever its name or front matter says. */
  readonly asDraft?: boolean;
  /** A folder with no content file is fine (it holds only the rewards' folder). */
  readonly allowEmpty?: boolean;
}

export function readContentFolder(
  folder: string,
  { asDraft = false, allowEmpty = false }: ReadOptions = {},
): ContentBundle {
  const root = path.resolve(folder);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new ContentSourceError([`A pasta ${folder} não existe.`]);
  }
  const problems: string[] = [];
  const entries: ContentEntry[] = [];
  const assets = new Map<string, ContentAsset>();
  const shown = (file: string) => path.relative(root, file) || file;

  function loadImage(fromFile: string, relative: string): ContentAsset {
    const file = path.resolve(path.dirname(fromFile), relative);
    if (!file.startsWith(root + path.sep)) throw new Error(`a imagem ${relative} está fora da pasta de conteúdo`);
    if (!existsSync(file)) throw new Error(`a imagem ${relative} não existe`);
    const bytes = readFileSync(file);
    if (bytes.length > MAX_IMAGE_BYTES) throw new Error(`a imagem ${relative} passa de 2 MB`);
    const info = sniffImage(bytes);
    if (!info) throw new Error(`${relative} não é uma imagem PNG, JPEG, WebP, GIF ou SVG válida`);
    const id = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${info.extension}`;
    const asset = { id, mime: info.mime, width: info.width, height: info.height, bytes };
    assets.set(id, asset);
    return asset;
  }

  function read(file: string, kind: ContentKind, parentKey: string, keyFromName: string) {
    try {
      const text = readFileSync(file);
      if (text.length > MAX_MARKDOWN_BYTES) throw new Error('o arquivo passa de 512 KB');
      const split = splitFrontMatter(fillPlaceholders(text.toString('utf8')));
      if (!split) throw new Error('falta o cabeçalho (front matter) entre linhas ---');
      const isDraftName = keyFromName.endsWith(DRAFT_SUFFIX);
      const baseKey = isDraftName ? keyFromName.slice(0, -DRAFT_SUFFIX.length) : keyFromName;
      const resolveImage = (relative: string): ImageRef => {
        const asset = loadImage(file, relative);
        return { url: assetUrl(asset.id), width: asset.width, height: asset.height };
      };
      const bodyHtml = renderMarkdown(split.body, resolveImage);
      const state = (draft: boolean): ContentState => (asDraft || isDraftName || draft ? 'draft' : 'published');
      const base = (meta: z.infer<z.ZodObject<typeof common>>, key: string) => {
        if (!KEY.test(key) || key.length > 80)
          throw new Error(`"${key}" não serve como endereço: use letras minúsculas, números e hífens`);
        return {
          kind,
          parentKey,
          key,
          state: state(meta.draft),
          position: meta.position,
          title: meta.title,
          summary: meta.summary,
          bodyHtml,
          bannerAssetId: meta.banner ? loadImage(file, meta.banner).id : null,
          bannerAlt: meta.bannerAlt,
          file: shown(file),
        };
      };
      const parse = <S extends z.ZodType>(schema: S): z.infer<S> => {
        const result = schema.safeParse(split.meta ?? {});
        if (!result.success) {
          throw new Error(
            result.error.issues.map((i) => `${i.path.join('.') || 'cabeçalho'}: ${i.message}`).join('; '),
          );
        }
        return result.data;
      };
      switch (kind) {
        case 'campaign': {
          const meta = parse(campaignSchema);
          const p = parse(period);
          entries.push({
            ...base(meta, meta.id ?? baseKey),
            startsOn: p.start,
            endsOn: p.end,
            data: { pointsRule: meta.pointsRule },
          });
          break;
        }
        case 'standard-campaign': {
          const meta = parse(standardSchema);
          entries.push({
            ...base(meta, 'padrao'),
            startsOn: null,
            endsOn: null,
            data: { pointsRule: meta.pointsRule },
          });
          break;
        }
        case 'promotion': {
          const meta = parse(promotionSchema);
          const p = parse(period);
          entries.push({
            ...base(meta, baseKey),
            startsOn: p.start,
            endsOn: p.end,
            data: { prizes: meta.prizes, survey: meta.survey ?? null },
          });
          break;
        }
        case 'rule-book': {
          const meta = parse(ruleBookSchema);
          const version = meta.version ?? baseKey;
          entries.push({ ...base(meta, version), startsOn: meta.effectiveFrom, endsOn: null, data: { version } });
          break;
        }
        case 'faq-subject': {
          const meta = parse(subjectSchema);
          entries.push({
            ...base(meta, parentKey),
            parentKey: '',
            startsOn: null,
            endsOn: null,
            data: { description: meta.description },
          });
          break;
        }
        case 'faq-item': {
          const meta = parse(itemSchema);
          entries.push({ ...base(meta, baseKey), startsOn: null, endsOn: null, data: {} });
          break;
        }
      }
    } catch (error) {
      problems.push(`${shown(file)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const stem = (name: string) => name.slice(0, -'.md'.length);
  for (const name of listMarkdown(path.join(root, 'campanhas')))
    read(path.join(root, 'campanhas', name), 'campaign', '', stem(name));
  for (const name of listMarkdown(root).filter((n) => n.startsWith('campanha-padrao'))) {
    read(path.join(root, name), 'standard-campaign', '', stem(name));
  }
  for (const name of listMarkdown(path.join(root, 'promocoes')))
    read(path.join(root, 'promocoes', name), 'promotion', '', stem(name));
  for (const name of listMarkdown(path.join(root, 'regulamento')))
    read(path.join(root, 'regulamento', name), 'rule-book', '', stem(name));
  const faqDir = path.join(root, 'faq');
  if (existsSync(faqDir)) {
    for (const subject of readdirSync(faqDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()) {
      const dir = path.join(faqDir, subject);
      if (!KEY.test(subject)) {
        problems.push(`faq/${subject}: o nome da pasta vira endereço; use letras minúsculas, números e hífens`);
        continue;
      }
      for (const name of listMarkdown(dir)) {
        const isSubject = name === '_assunto.md' || name === `_assunto${DRAFT_SUFFIX}.md`;
        read(
          path.join(dir, name),
          isSubject ? 'faq-subject' : 'faq-item',
          subject,
          isSubject ? `_assunto${name.includes(DRAFT_SUFFIX) ? DRAFT_SUFFIX : ''}` : stem(name),
        );
      }
    }
  }

  const seen = new Set<string>();
  for (const e of entries) {
    const id = `${e.kind}/${e.parentKey}/${e.key}/${e.state}`;
    if (seen.has(id))
      problems.push(
        `${e.file}: outro arquivo já define ${e.kind} "${e.key}" (${e.state === 'draft' ? 'rascunho' : 'publicado'})`,
      );
    seen.add(id);
  }
  if (entries.length === 0 && problems.length === 0 && !allowEmpty) {
    problems.push('Nenhum arquivo de conteúdo encontrado.');
  }
  if (problems.length > 0) throw new ContentSourceError(problems);
  return { entries, assets };
}

const cache = new Map<string, ContentBundle>();

/** Same as readContentFolder, parsed once per process: the seed runs for every test database. */
export function readContentFolderCached(folder: string): ContentBundle {
  const root = path.resolve(folder);
  let bundle = cache.get(root);
  if (!bundle) {
    bundle = readContentFolder(root);
    cache.set(root, bundle);
  }
  return bundle;
}
