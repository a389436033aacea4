// What the API answers about a project: its fields, products, invoices, photos (with signed links) and history.
import type { AppConfig } from '../../config';
import type { Db, ProjectPhotoRow, ProjectRow, ProjectStatus } from '../../db/schema';
import { signedPhotoUrl } from './file-links';
import { eventsOf, invoicesOf, photosOf, productsOf } from './repository';

export const ENVIRONMENTS = [
  'KITCHEN',
  'BEDROOM',
  'BATHROOM',
  'LAUNDRY',
  'LIVING_ROOM',
  'OFFICE',
  'OUTDOOR',
  'COMMERCIAL',
  'OTHER',
] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
type StatusEnum = 'RECEIVED' | 'IN_REVIEW' | 'APPROVED' | 'REJECTED';

export interface PhotoView {
  id: string;
  position: number;
  alt: string;
  url: string;
  width: number;
  height: number;
  thumbnailUrl: string;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

export interface ProjectView {
  id: string;
  title: string;
  environment: Environment;
  description: string;
  uf: string;
  city: string;
  finishedMonth: string;
  status: StatusEnum;
  rejectionReason: string | null;
  points: number | null;
  publishConsent: boolean;
  published: boolean;
  campaignSlug: string | null;
  campaignTitle: string | null;
  products: { id: string; name: string; category: string }[];
  invoices: { id: string; number: number; issuerName: string | null; issuedMonth: string }[];
  photos: PhotoView[];
  cover: PhotoView | null;
  events: { status: StatusEnum; note: string | null; at: string }[];
  createdAt: string;
  updatedAt: string;
}

/** Prefix of the event note that records a re-send attempt's idempotency key. */
export const RESEND_NOTE = 'reenvio:';
export const RESENT_NOTE_TEXT = 'Reenviado com as correções.';

export const statusEnum = (status: ProjectStatus) => status.toUpperCase() as StatusEnum;

/** The links and sizes of one photo, for its owner. */
export function photoLinks(config: AppConfig, photo: ProjectPhotoRow, now: number) {
  return {
    url: signedPhotoUrl(config.jwtSecret, photo.id, 'display', photo.user_id, now),
    width: photo.width,
    height: photo.height,
    thumbnailUrl: signedPhotoUrl(config.jwtSecret, photo.id, 'thumbnail', photo.user_id, now),
    thumbnailWidth: photo.thumbnail_width,
    thumbnailHeight: photo.thumbnail_height,
  };
}

export async function toViews(db: Db, config: AppConfig, projects: readonly ProjectRow[]): Promise<ProjectView[]> {
  if (projects.length === 0) return [];
  const ids = projects.map((p) => p.id);
  const [products, invoices, photos, events] = await Promise.all([
    productsOf(db, ids),
    invoicesOf(db, ids),
    photosOf(db, ids),
    eventsOf(db, ids),
  ]);
  const now = config.now();
  return projects.map((p) => {
    const own = photos.filter((photo) => photo.project_id === p.id);
    const photoViews = own.map((photo, index) => ({
      id: String(photo.id),
      position: index,
      alt: `${p.title} — foto ${index + 1} de ${own.length}`,
      ...photoLinks(config, photo, now),
    }));
    return {
      id: String(p.id),
      title: p.title,
      environment: p.environment as Environment,
      description: p.description,
      uf: p.uf,
      city: p.city,
      finishedMonth: p.finished_month,
      status: statusEnum(p.status),
      rejectionReason: p.rejection_reason,
      points: p.points,
      publishConsent: p.publish_consent === 1,
      published: p.published_at !== null,
      campaignSlug: p.campaign_slug,
      campaignTitle: p.campaign_title,
      products: products
        .filter((r) => r.project_id === p.id)
        .map((r) => ({ id: r.id, name: r.name, category: r.category })),
      invoices: invoices
        .filter((r) => r.project_id === p.id)
        .map((r) => ({
          id: String(r.id),
          number: r.number,
          issuerName: r.issuer_name,
          issuedMonth: r.issued_month,
        })),
      photos: photoViews,
      cover: photoViews[0] ?? null,
      events: events
        .filter((e) => e.project_id === p.id)
        .map((e) => ({
          status: statusEnum(e.status),
          note: e.note?.startsWith(RESEND_NOTE) ? RESENT_NOTE_TEXT : e.note,
          at: e.created_at,
        })),
      createdAt: p.created_at,
      updatedAt: p.updated_at,
    };
  });
}

export async function toView(db: Db, config: AppConfig, project: ProjectRow): Promise<ProjectView> {
  const [view] = await toViews(db, config, [project]);
  if (!view) throw new Error('project view missing');
  return view;
}
