import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { saoPauloDayStart } from '../../../common/format/dates';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { RewardCategory, RewardType } from '../../db/schema';
import { MAX_IMAGE_BYTES, sniffImage, type ImageInfo } from '../content';

/** A photo beside the reward's file, read and typed by its bytes. */
export interface RewardPhotoFile {
  file: string;
  alt: string;
  bytes: Buffer;
  info: ImageInfo;
}

/** A reward as its file describes it: `content/premios/<slug>.md`, YAML front matter and the description below. */
export interface RewardSource {
  slug: string;
  name: string;
  category: RewardCategory;
  type: RewardType;
  points: number;
  stock: number;
  perMemberLimit: number | null;
  /** ISO instants (São Paulo midnight); from inclusive, to exclusive; null: open. */
  activeFrom: string | null;
  activeTo: string | null;
  delivery: string;
  description: string;
  /** The first one is the catalogue's card. */
  photos: RewardPhotoFile[];
  /** `<slug>.rascunho.md`, or the whole folder read as drafts: editors preview it, members never see it. */
  draft: boolean;
}

export class RewardSourceError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const day = z.union([z.string(), z.date()]).transform((v, ctx) => {
  const text = v instanceof Date ? v.toISOString().slice(0, 10) : v.trim();
  if (!DAY.test(text) || Number.isNaN(Date.parse(text))) {
    ctx.addIssue({ code: 'custom', message: 'use uma data AAAA-MM-DD' });
    return z.NEVER;
  }
  return text;
});

const frontMatter = z.object({
  name: z.string().trim().min(3, 'de 3 a 120 caracteres').max(120, 'de 3 a 120 caracteres'),
  category: z.enum(['ferramentas', 'acessorios', 'cursos', 'vales', 'experiencias'], {
    message: 'use ferramentas, acessorios, cursos, vales ou experiencias',
  }),
  type: z
    .string()
    .transform((v) => v.trim().toLowerCase().replace('experiência', 'experiencia'))
    .pipe(z.enum(['produto', 'vale', 'curso', 'experiencia'], { message: 'use produto, vale, curso ou experiencia' })),
  points: z.number({ message: 'um número inteiro de pontos' }).int('um número inteiro').min(1).max(10_000_000),
  stock: z.number({ message: 'um número inteiro' }).int('um número inteiro').min(0).max(9_999_999),
  perMemberLimit: z.number().int('um número inteiro').min(1).max(1000).nullish(),
  start: day.nullish(),
  end: day.nullish(),
  delivery: z.string().trim().min(3, 'diga como e quando o prêmio chega').max(400),
  photos: z
    .array(
      z.object({
        file: z.string().trim().min(1, 'o nome do arquivo da foto, ao lado deste'),
        alt: z.string().trim().min(3, 'descreva a foto em 3 a 200 caracteres').max(200, 'de 3 a 200 caracteres'),
      }),
      { message: 'uma lista de fotos, cada uma com file e alt' },
    )
    .max(8, 'no máximo 8 fotos')
    .nullish(),
});

const PHOTO_TYPES = new Set<ImageInfo['mime']>(['image/jpeg', 'image/png', 'image/webp']);

function readPhoto(root: string, photo: { file: string; alt: string }): RewardPhotoFile {
  const file = path.resolve(root, photo.file);
  if (!file.startsWith(root + path.sep)) throw new Error(`a foto ${photo.file} está fora da pasta dos prêmios`);
  if (!existsSync(file)) throw new Error(`a foto ${photo.file} não existe`);
  const bytes = readFileSync(file);
  if (bytes.length > MAX_IMAGE_BYTES) throw new Error(`a foto ${photo.file} passa de 2 MB`);
  const info = sniffImage(bytes);
  if (!info || !PHOTO_TYPES.has(info.mime)) throw new Error(`${photo.file} não é uma foto JPEG, PNG ou WebP válida`);
  return { file: photo.file, alt: photo.alt, bytes, info };
}

function splitFrontMatter(text: string): { meta: unknown; body: string } | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  return match ? { meta: parseYaml(match[1] ?? ''), body: match[2] ?? '' } : null;
}

const DRAFT_SUFFIX = '.rascunho.md';

/**
 * Reads every `<slug>.md` of the folder (`<slug>.rascunho.md` as a draft, or every file with `asDraft`); all problems
 * at once, each with its file, and nothing read then.
 */
export function readRewardFolder(folder: string, { asDraft = false } = {}): RewardSource[] {
  const root = path.resolve(folder);
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new RewardSourceError([`A pasta ${folder} não existe.`]);
  const problems: string[] = [];
  const rewards: RewardSource[] = [];
  for (const name of readdirSync(root)
    .filter((n) => n.endsWith('.md'))
    .sort()) {
    const draft = asDraft || name.endsWith(DRAFT_SUFFIX);
    const slug = name.endsWith(DRAFT_SUFFIX) ? name.slice(0, -DRAFT_SUFFIX.length) : name.slice(0, -3);
    try {
      if (name.endsWith(DRAFT_SUFFIX) && existsSync(path.join(root, `${slug}.md`))) {
        throw new Error(`o prêmio ${slug} tem arquivo publicado e rascunho: publique o rascunho no lugar do outro`);
      }
      if (!SLUG.test(slug) || slug.length > 80) {
        throw new Error('o nome do arquivo vira endereço: use letras minúsculas, números e hífens');
      }
      const split = splitFrontMatter(readFileSync(path.join(root, name), 'utf8'));
      if (!split) throw new Error('falta o cabeçalho (front matter) entre linhas ---');
      const parsed = frontMatter.safeParse(split.meta ?? {});
      if (!parsed.success) {
        throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || 'cabeçalho'}: ${i.message}`).join('; '));
      }
      const meta = parsed.data;
      if (meta.start && meta.end && meta.start > meta.end) throw new Error('start: o início deve vir antes do fim');
      const description = split.body.trim();
      if (description.length < 10 || description.length > 4000) {
        throw new Error('a descrição (o texto abaixo do cabeçalho) deve ter de 10 a 4.000 caracteres');
      }
      rewards.push({
        slug,
        name: meta.name,
        category: meta.category,
        type: meta.type,
        points: meta.points,
        stock: meta.stock,
        perMemberLimit: meta.perMemberLimit ?? null,
        activeFrom: meta.start ? saoPauloDayStart(meta.start) : null,
        activeTo: meta.end ? saoPauloDayStart(meta.end, 1) : null,
        delivery: meta.delivery,
        description,
        photos: (meta.photos ?? []).map((photo) => readPhoto(root, photo)),
        draft,
      });
    } catch (error) {
      problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (rewards.length === 0 && problems.length === 0) problems.push('Nenhum prêmio encontrado.');
  if (problems.length > 0) throw new RewardSourceError(problems);
  return rewards;
}
