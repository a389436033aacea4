import { z } from 'zod';
import { parseId } from '../../graphql/ids';
import {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_PHOTOS_MAX,
  PROJECT_PHOTOS_MIN,
  PROJECT_TITLE_MAX,
  PROJECT_TITLE_MIN,
} from '../../../common/projects/limits';
import { todayInBrazil } from '../../../common/format/dates';
import { firstWords } from '../../../common/format/first-words';
import { REMINDER_REASON_MAX } from '../../../common/home/reminders';
import { INVALID_CHARACTERS_MESSAGE, isPlainText } from '../../../common/validation/plain-text';
import type { Db, ProjectPhotoRow, ProjectRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/dialect';
import { badUserInput, notFound, tooManyRequests } from '../../errors/api-errors';
import { parseInput, topLevelField } from '../../errors/parse-input';
import { drainUploads, type FileUpload } from '../../uploads/file-upload';
import { listedCitiesOf, stateByUf, cityKey } from '../profile';
import { requireMember } from '../users';
import { assessDeviceRisk } from '../device-sessions';
import { nowOf, type ServiceDeps } from '../service-deps';
import { searchKey } from './catalogue';
import { discardPhoto, PhotoRejected, readPhoto, reencodePhoto, storePhoto } from './photos';
import * as repo from './repository';
import { ENVIRONMENTS, photoLinks, RESEND_NOTE, statusEnum, toView, toViews, type ProjectView } from './views';

export const PROJECTS_PAGE_DEFAULT = 12;
export const PROJECTS_PAGE_MAX = 24;
const INVOICES_PER_PROJECT_MAX = 20;
const PRODUCTS_PER_PROJECT_MAX = 40;
/** Oldest finished month a project may name. */
const OLDEST_MONTH = '2000-01';

export type Deps = ServiceDeps<'db' | 'config' | 'storage' | 'userId' | 'photoLimiter'> &
  Partial<ServiceDeps<'deviceSessionId'>>;
type ReadDeps = ServiceDeps<'db' | 'config' | 'userId'>;

export const PROJECT_MESSAGES = {
  notFound: 'Projeto não encontrado.',
  title: `Dê um título de ${PROJECT_TITLE_MIN} a ${PROJECT_TITLE_MAX} caracteres ao projeto.`,
  environment: 'Escolha o ambiente do projeto.',
  descriptionEmpty: 'Conte em poucas linhas o que foi feito.',
  description: `A descrição pode ter no máximo ${PROJECT_DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres.`,
  uf: 'Escolha o estado onde o projeto foi instalado.',
  city: 'Escolha uma cidade da lista do estado.',
  finishedMonth: 'Informe o mês em que o projeto foi concluído (mm/aaaa).',
  finishedInFuture: 'O mês de conclusão não pode ser no futuro.',
  finishedTooOld: 'Informe um mês de conclusão a partir de 01/2000.',
  noProducts: 'Escolha pelo menos um produto da marca usado no projeto.',
  tooManyProducts: `Escolha no máximo ${PRODUCTS_PER_PROJECT_MAX} produtos.`,
  unknownProduct: 'Um dos produtos escolhidos não está no catálogo. Escolha de novo na lista.',
  invoices: 'Escolha apenas notas fiscais suas que já foram aprovadas.',
  tooManyInvoices: `Escolha no máximo ${INVOICES_PER_PROJECT_MAX} notas fiscais.`,
  campaign: 'Esta campanha ou promoção não está ativa. Escolha outra ou deixe em branco.',
  consent: 'Responda se autoriza o clube a publicar as fotos.',
  noPhotos: `Envie pelo menos ${PROJECT_PHOTOS_MIN} foto do projeto.`,
  tooManyPhotos: `Envie no máximo ${PROJECT_PHOTOS_MAX} fotos por projeto.`,
  repeatedPhoto: 'A mesma foto foi escolhida duas vezes.',
  photoMissing: 'Uma das fotos não foi encontrada (fotos não usadas são apagadas depois de 24 horas). Envie-a de novo.',
  photoInOtherProject: 'Uma das fotos já faz parte de outro projeto. Envie-a de novo para usar neste.',
  idempotency: 'Chave de envio inválida.',
  notRejected: 'Só é possível reenviar um projeto recusado.',
  tooManyPhotoUploads: 'Você enviou muitas fotos em pouco tempo. Aguarde alguns minutos e tente de novo.',
} as const;

/** The id of the signed-in, enabled member (a disabled account's still-valid token stops here). */
const requireMemberId = async (deps: ServiceDeps<'db' | 'userId'>): Promise<number> =>
  (await requireMember(deps.db, deps.userId)).id;

async function ownProject(db: Db, userId: number, id: string): Promise<ProjectRow> {
  const numeric = parseId(id);
  const project = numeric === null ? undefined : await repo.findOwnProject(db, userId, numeric);
  // Another member's project answers exactly like a missing one.
  if (!project) throw notFound(PROJECT_MESSAGES.notFound);
  return project;
}

/** Each list (products, invoices, photos) is one field of the project form. */
const parseProjectInput = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> =>
  parseInput(schema, value, { fieldOf: topLevelField });

const fieldError = (field: string, message: string) => badUserInput(message, { [field]: message });

// ---------------------------------------------------------------------------------------------------------------
// Queries

const pageArgs = z.object({
  page: z.number().int().min(1, 'A página começa em 1.').max(10_000, 'Página inválida.').nullish(),
  pageSize: z
    .number()
    .int()
    .min(1, `O tamanho da página deve ficar entre 1 e ${PROJECTS_PAGE_MAX}.`)
    .max(PROJECTS_PAGE_MAX, `O tamanho da página deve ficar entre 1 e ${PROJECTS_PAGE_MAX}.`)
    .nullish(),
  after: z
    .string()
    .regex(/^\d{1,12}$/, 'Página inválida.')
    .nullish(),
});

export async function listProjects(
  deps: ReadDeps,
  rawArgs: { page?: number | null; pageSize?: number | null; after?: string | null },
) {
  const userId = await requireMemberId(deps);
  const args = parseProjectInput(pageArgs, rawArgs);
  const page = args.page ?? 1;
  const pageSize = args.pageSize ?? PROJECTS_PAGE_DEFAULT;
  const beforeId = args.after ? Number(args.after) : null;
  const [rows, total] = await Promise.all([
    repo.listOwnProjects(deps.db, userId, { beforeId, offset: (page - 1) * pageSize }, pageSize + 1),
    repo.countOwnProjects(deps.db, userId),
  ]);
  const data = rows.slice(0, pageSize);
  const hasMore = rows.length > pageSize;
  return {
    data: await toViews(deps.db, deps.config, data),
    total,
    page,
    pageSize,
    hasMore,
    nextCursor: hasMore ? String(data.at(-1)?.id) : null,
  };
}

/** At most this many refused projects, and as many waiting ones, for home's reminders; the list page has them all. */
export const OPEN_REMINDERS_MAX = 5;

export async function projectCounts(deps: ReadDeps) {
  return repo.countOwnProjectsByState(deps.db, await requireMemberId(deps));
}

export async function openProjects(deps: ReadDeps) {
  const userId = await requireMemberId(deps);
  const [refused, waiting] = await Promise.all([
    repo.ownProjectsIn(deps.db, userId, ['rejected'], OPEN_REMINDERS_MAX),
    repo.ownProjectsIn(deps.db, userId, ['received', 'in_review'], OPEN_REMINDERS_MAX),
  ]);
  return [...refused, ...waiting].map((row) => ({
    id: String(row.id),
    title: row.title,
    status: statusEnum(row.status),
    reasonStart: row.status === 'rejected' ? firstWords(row.rejection_reason ?? '', REMINDER_REASON_MAX) : null,
  }));
}

export async function getProject(deps: ReadDeps, id: string): Promise<ProjectView> {
  const userId = await requireMemberId(deps);
  return toView(deps.db, deps.config, await ownProject(deps.db, userId, id));
}

export async function productCatalog(deps: ReadDeps, search: string | null | undefined) {
  await requireMemberId(deps);
  // LIKE's wildcards and PostgreSQL's escape character are dropped: no product name has them.
  const words = searchKey((search ?? '').slice(0, 100))
    .replace(/[\\%_]/g, '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
  return repo.searchProducts(deps.db, words);
}

// ---------------------------------------------------------------------------------------------------------------
// Photos

const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, PROJECT_MESSAGES.idempotency);

export interface UploadedPhotoView {
  id: string;
  width: number;
  height: number;
  thumbnailUrl: string;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

const uploadedView = (deps: ReadDeps, photo: ProjectPhotoRow): UploadedPhotoView => {
  const { url: _url, ...links } = photoLinks(deps.config, photo, deps.config.now());
  return { id: String(photo.id), ...links };
};

/**
 * One photo, re-encoded before anything is stored: the original bytes (and their metadata) never reach the
 * storage. A retry with the same key answers the photo the first attempt made.
 */
export async function uploadPhoto(
  deps: Deps,
  args: { file: Promise<FileUpload>; idempotencyKey: string },
): Promise<UploadedPhotoView> {
  const drain = () => drainUploads([args.file]);
  const userId = await requireMemberId(deps).catch(async (error: unknown) => {
    await drain();
    throw error;
  });
  const key = idempotencyKeySchema.safeParse(args.idempotencyKey);
  if (!key.success) {
    await drain();
    throw fieldError('idempotencyKey', PROJECT_MESSAGES.idempotency);
  }
  const { db, storage } = deps;
  const replay = await repo.findPhotoByAttempt(db, userId, key.data);
  if (replay) {
    await drain();
    return uploadedView(deps, replay);
  }
  if (!(await deps.photoLimiter.tryTake(userId))) {
    await drain();
    throw tooManyRequests(PROJECT_MESSAGES.tooManyPhotoUploads);
  }
  let photo;
  try {
    const received = await readPhoto(args.file);
    photo = await reencodePhoto(received.bytes, received.kind);
    const now = nowOf(deps);
    const stored = await storePhoto(storage, photo, now);
    try {
      const row = await repo.insertPhoto(db, {
        user_id: userId,
        idempotency_key: key.data,
        project_id: null,
        position: null,
        format: photo.format,
        storage_path: stored.storagePath,
        width: photo.display.width,
        height: photo.display.height,
        thumbnail_path: stored.thumbnailPath,
        thumbnail_width: photo.thumbnail.width,
        thumbnail_height: photo.thumbnail.height,
        original_bytes: received.bytes.length,
        stored_bytes: photo.display.bytes.length + photo.thumbnail.bytes.length,
        created_at: now.toISOString(),
      });
      return uploadedView(deps, row);
    } catch (error) {
      await discardPhoto(storage, stored);
      if (isUniqueViolation(error)) {
        // Lost a race with an identical request: that one's photo is this attempt's answer.
        const winner = await repo.findPhotoByAttempt(db, userId, key.data);
        if (winner) return uploadedView(deps, winner);
      }
      throw error;
    }
  } catch (error) {
    if (error instanceof PhotoRejected) throw fieldError('file', error.message);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Submit and re-send

/** Plain text: one kind of line break, no blanks at the ends (control characters are refused before). */
const plainText = (text: string) => text.replace(/\r\n?/g, '\n').trim();

const inputSchema = z.object({
  title: z
    .string()
    .refine(isPlainText, INVALID_CHARACTERS_MESSAGE)
    .transform((t) => plainText(t).replace(/\s+/g, ' '))
    .pipe(z.string().min(PROJECT_TITLE_MIN, PROJECT_MESSAGES.title).max(PROJECT_TITLE_MAX, PROJECT_MESSAGES.title)),
  environment: z.enum(ENVIRONMENTS, PROJECT_MESSAGES.environment),
  description: z
    .string()
    .refine(isPlainText, INVALID_CHARACTERS_MESSAGE)
    .transform(plainText)
    .pipe(
      z.string().min(1, PROJECT_MESSAGES.descriptionEmpty).max(PROJECT_DESCRIPTION_MAX, PROJECT_MESSAGES.description),
    ),
  uf: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, PROJECT_MESSAGES.uf),
  city: z.string().trim().min(1, PROJECT_MESSAGES.city).max(100, PROJECT_MESSAGES.city),
  finishedMonth: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, PROJECT_MESSAGES.finishedMonth),
  productIds: z
    .array(z.string().max(80, PROJECT_MESSAGES.unknownProduct))
    .min(1, PROJECT_MESSAGES.noProducts)
    .max(PRODUCTS_PER_PROJECT_MAX, PROJECT_MESSAGES.tooManyProducts),
  invoiceIds: z
    .array(z.string().regex(/^\d{1,12}$/, PROJECT_MESSAGES.invoices))
    .max(INVOICES_PER_PROJECT_MAX, PROJECT_MESSAGES.tooManyInvoices)
    .nullish(),
  campaignSlug: z.string().trim().max(80, PROJECT_MESSAGES.campaign).nullish(),
  publishConsent: z.boolean(PROJECT_MESSAGES.consent),
});

const photoIdsSchema = z
  .array(z.string().regex(/^\d{1,12}$/, PROJECT_MESSAGES.photoMissing))
  .min(PROJECT_PHOTOS_MIN, PROJECT_MESSAGES.noPhotos)
  .max(PROJECT_PHOTOS_MAX, PROJECT_MESSAGES.tooManyPhotos)
  .refine((ids) => new Set(ids).size === ids.length, PROJECT_MESSAGES.repeatedPhoto);

export type ProjectInput = z.input<typeof inputSchema>;

/** The input checked against the club's data: the row values to write, the product and invoice ids. */
interface CheckedInput {
  values: {
    title: string;
    environment: string;
    description: string;
    uf: string;
    city: string;
    finished_month: string;
    publish_consent: number;
    campaign_slug: string | null;
    campaign_title: string | null;
  };
  productIds: string[];
  invoiceIds: number[];
}

async function checkInput(
  db: Db,
  userId: number,
  raw: unknown,
  now: Date,
  current: ProjectRow | null,
): Promise<CheckedInput> {
  const input = parseProjectInput(inputSchema, raw);
  const thisMonth = todayInBrazil(now).slice(0, 7);
  if (input.finishedMonth > thisMonth) throw fieldError('finishedMonth', PROJECT_MESSAGES.finishedInFuture);
  if (input.finishedMonth < OLDEST_MONTH) throw fieldError('finishedMonth', PROJECT_MESSAGES.finishedTooOld);

  // The API's own state and city lists (the profile's), never a name typed freely.
  const state = await stateByUf(db, input.uf);
  if (!state) throw fieldError('uf', PROJECT_MESSAGES.uf);
  const key = cityKey(input.city);
  const city = (await listedCitiesOf(db, state.id)).find((c) => cityKey(c.name) === key);
  if (!city) throw fieldError('city', PROJECT_MESSAGES.city);

  const productIds = [...new Set(input.productIds)];
  if ((await repo.activeProductIds(db, productIds)).length !== productIds.length)
    throw fieldError('productIds', PROJECT_MESSAGES.unknownProduct);

  const invoiceIds = [...new Set((input.invoiceIds ?? []).map(Number))];
  if ((await repo.ownApprovedInvoiceIds(db, userId, invoiceIds)).length !== invoiceIds.length)
    throw fieldError('invoiceIds', PROJECT_MESSAGES.invoices);

  let campaign: { slug: string; title: string } | null = null;
  const slug = input.campaignSlug || null;
  if (slug !== null && current?.campaign_slug === slug) {
    // A re-send keeps the campaign it entered, even if the campaign ended since.
    campaign = { slug, title: current.campaign_title ?? slug };
  } else if (slug !== null) {
    const found = await repo.publishedCampaign(db, slug);
    const today = todayInBrazil(now);
    const active =
      found &&
      (found.starts_on === null || found.starts_on <= today) &&
      (found.ends_on === null || found.ends_on >= today);
    if (!found || !active) throw fieldError('campaignSlug', PROJECT_MESSAGES.campaign);
    campaign = { slug, title: found.title };
  }

  return {
    values: {
      title: input.title,
      environment: input.environment,
      description: input.description,
      uf: state.uf,
      city: city.name,
      finished_month: input.finishedMonth,
      publish_consent: input.publishConsent ? 1 : 0,
      campaign_slug: campaign?.slug ?? null,
      campaign_title: campaign?.title ?? null,
    },
    productIds,
    invoiceIds,
  };
}

/**
 * The photo ids as numbers, each the member's own and free for this project: unattached, or already this
 * project's (a re-send keeps some). Another member's photo is reported exactly like a missing one.
 */
async function checkPhotos(db: Db, userId: number, raw: unknown, projectId: number | null): Promise<number[]> {
  const ids = parseProjectInput(z.object({ photoIds: photoIdsSchema }), { photoIds: raw }).photoIds.map(Number);
  const photos = await repo.ownPhotos(db, userId, ids);
  if (photos.length !== ids.length) throw fieldError('photoIds', PROJECT_MESSAGES.photoMissing);
  if (photos.some((p) => p.project_id !== null && p.project_id !== projectId))
    throw fieldError('photoIds', PROJECT_MESSAGES.photoInOtherProject);
  return ids;
}

const IN_REVIEW_NOTE = 'Aguardando a análise da equipe do clube.';

/** Thrown inside a transaction when a photo was taken by another send meanwhile. */
class PhotoTaken extends Error {}

async function attachFreePhotos(trx: Db, userId: number, projectId: number, photoIds: readonly number[]) {
  // Each photo is taken only if still free: another send of the member may have taken one since the check.
  if ((await repo.attachPhotos(trx, userId, projectId, photoIds)) !== photoIds.length) throw new PhotoTaken();
}

export async function submitProject(
  deps: Deps,
  args: { input: unknown; photoIds: unknown; idempotencyKey: string },
): Promise<ProjectView> {
  const userId = await requireMemberId(deps);
  const { db, config } = deps;
  const key = idempotencyKeySchema.safeParse(args.idempotencyKey);
  if (!key.success) throw fieldError('idempotencyKey', PROJECT_MESSAGES.idempotency);

  // A retry of an attempt that already made its project gets that project back.
  const replay = await repo.findByAttempt(db, userId, key.data);
  if (replay) return toView(db, config, replay);

  const now = nowOf(deps);
  const checked = await checkInput(db, userId, args.input, now, null);
  let photoIds: number[];
  try {
    photoIds = await checkPhotos(db, userId, args.photoIds, null);
  } catch (error) {
    // An identical send that finished since the replay check took these photos: its project is this answer.
    const winner = await repo.findByAttempt(db, userId, key.data);
    if (winner) return toView(db, config, winner);
    throw error;
  }
  // The reviewer's fraud reason (terminal only), from the device session the page reported.
  const risk = await assessDeviceRisk(deps, userId);
  const at = now.toISOString();
  try {
    const project = await db.transaction().execute(async (trx) => {
      const again = await repo.findByAttempt(trx, userId, key.data);
      if (again) return again;
      const row = await repo.insertProject(trx, {
        user_id: userId,
        idempotency_key: key.data,
        ...checked.values,
        device_session_id: risk.deviceSessionId,
        risk_reason: risk.reason,
        status: 'in_review',
        created_at: at,
        updated_at: at,
      });
      await repo.replaceProducts(trx, row.id, checked.productIds);
      await repo.replaceInvoices(trx, row.id, checked.invoiceIds);
      await attachFreePhotos(trx, userId, row.id, photoIds);
      // Sent, then waiting for a person: the two steps of the timeline, as invoices show them.
      await repo.insertEvent(trx, { project_id: row.id, status: 'received', note: null, created_at: at });
      await repo.insertEvent(trx, { project_id: row.id, status: 'in_review', note: IN_REVIEW_NOTE, created_at: at });
      return row;
    });
    return toView(db, config, project);
  } catch (error) {
    if (isUniqueViolation(error) || error instanceof PhotoTaken) {
      // Lost a race with an identical request (same attempt): its project is this attempt's answer.
      const winner = await repo.findByAttempt(db, userId, key.data);
      if (winner) return toView(db, config, winner);
    }
    if (error instanceof PhotoTaken) throw fieldError('photoIds', PROJECT_MESSAGES.photoInOtherProject);
    throw error;
  }
}

/** Corrects a refused project and sends it to review again: the same project, its photos in the order given. */
export async function resendProject(
  deps: Deps,
  args: { id: string; input: unknown; photoIds: unknown; idempotencyKey: string },
): Promise<ProjectView> {
  const userId = await requireMemberId(deps);
  const { db, config, storage } = deps;
  const project = await ownProject(db, userId, args.id);
  const key = idempotencyKeySchema.safeParse(args.idempotencyKey);
  if (!key.success) throw fieldError('idempotencyKey', PROJECT_MESSAGES.idempotency);
  const note = `${RESEND_NOTE}${key.data}`;
  if (await repo.findEventByNote(db, project.id, note)) return toView(db, config, project);
  if (project.status !== 'rejected') throw badUserInput(PROJECT_MESSAGES.notRejected);

  const now = nowOf(deps);
  const checked = await checkInput(db, userId, args.input, now, project);
  const photoIds = await checkPhotos(db, userId, args.photoIds, project.id);
  const at = now.toISOString();
  let removed: { storage_path: string; thumbnail_path: string }[] = [];
  let updated: ProjectRow;
  try {
    updated = await db.transaction().execute(async (trx) => {
      if (await repo.findEventByNote(trx, project.id, note))
        return repo.findProjectById(trx, project.id) as Promise<ProjectRow>;
      if ((await repo.currentStatus(trx, project.id)) !== 'rejected') throw badUserInput(PROJECT_MESSAGES.notRejected);
      removed = await repo.removePhotosExcept(trx, project.id, photoIds);
      await attachFreePhotos(trx, userId, project.id, photoIds);
      await repo.replaceProducts(trx, project.id, checked.productIds);
      await repo.replaceInvoices(trx, project.id, checked.invoiceIds);
      // The attempt's key is kept on the event so a retry of the same re-send is recognised.
      await repo.insertEvent(trx, { project_id: project.id, status: 'received', note, created_at: at });
      await repo.insertEvent(trx, {
        project_id: project.id,
        status: 'in_review',
        note: IN_REVIEW_NOTE,
        created_at: at,
      });
      return repo.updateProject(trx, project.id, {
        ...checked.values,
        status: 'in_review',
        rejection_reason: null,
        updated_at: at,
      });
    });
  } catch (error) {
    if (error instanceof PhotoTaken) throw fieldError('photoIds', PROJECT_MESSAGES.photoInOtherProject);
    throw error;
  }
  // Photos the member took out of the project go for good, once the change is committed.
  await Promise.all(
    removed.map((p) => discardPhoto(storage, { storagePath: p.storage_path, thumbnailPath: p.thumbnail_path })),
  );
  return toView(db, config, updated);
}
