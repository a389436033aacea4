import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../../db/schema';
import type { DemoHistoryDeps } from '../invoices';
import { sentThenReviewed, type DemoEvent } from '../points';
import { demoMemberOn, unlimitedUploads } from '../invoices';
import type { FileUpload } from '../../uploads/file-upload';
import type { AuditActor } from '../staff';
import { approveProject, publishProject, rejectProject } from './actions';
import { submitProject, uploadPhoto, type ProjectInput } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo's reviews, in the audit: the club's own seed, not a person. */
const DEMO_REVIEWER: AuditActor = { kind: 'system', name: 'Demonstração' };
/** Drawings of furniture shipped with the code (a few tens of kB each): no download at start. */
const PHOTOS_DIR = path.join(__dirname, 'demo');

interface DemoProject {
  daysAgo: number;
  photos: readonly string[];
  input: Omit<ProjectInput, 'finishedMonth' | 'invoiceIds'>;
  /** Link the demo member's newest approved invoice sent before the project. */
  withInvoice?: boolean;
  review?: { afterDays: number; reason?: string; publish?: boolean };
}

/** Three projects in three states: approved with points (and published), refused with its reason, in review. */
const PROJECTS: readonly DemoProject[] = [
  {
    daysAgo: 45,
    photos: ['cozinha-1', 'cozinha-2', 'cozinha-3'],
    withInvoice: true,
    input: {
      title: 'Cozinha planejada em freijó e branco',
      environment: 'KITCHEN',
      description:
        'Cozinha completa para um apartamento de 70 m²: armários superiores brancos, balcão e ilha em freijó, ' +
        'gavetas com corrediça oculta e amortecedor. Montagem em três dias.',
      uf: 'SP',
      city: 'São Paulo',
      productIds: [
        'mdf-freijo-18',
        'mdf-branco-tx-18',
        'fita-freijo-22',
        'corredica-oculta-amortecedor-450',
        'dobradica-reta-35-amortecedor',
        'puxador-perfil-aluminio-preto',
      ],
      publishConsent: true,
    },
    review: { afterDays: 4, publish: true },
  },
  {
    daysAgo: 12,
    photos: ['dormitorio-1', 'dormitorio-2'],
    input: {
      title: 'Dormitório de casal com guarda-roupa de correr',
      environment: 'BEDROOM',
      description: 'Guarda-roupa de portas de correr em carvalho e cinza grafite, cabeceira e criados-mudos.',
      uf: 'SP',
      city: 'Campinas',
      productIds: ['mdf-carvalho-hanover-18', 'mdf-cinza-grafite-15', 'fita-carvalho-hanover-22'],
      publishConsent: false,
    },
    review: {
      afterDays: 2,
      reason: 'As fotos não mostram o guarda-roupa aberto. Envie uma foto com as portas abertas e o interior.',
    },
  },
  {
    daysAgo: 2,
    photos: ['escritorio-1', 'escritorio-2'],
    input: {
      title: 'Home office com nicho em nogueira',
      environment: 'OFFICE',
      description: 'Mesa de trabalho com gaveteiro, prateleira para livros e nicho iluminado.',
      uf: 'SP',
      city: 'São Paulo',
      productIds: ['mdf-nogueira-caiena-18', 'corredica-telescopica-45-350', 'puxador-concha-latao'],
      publishConsent: true,
    },
  },
];

const monthOf = (at: number) => new Date(at - 3 * 60 * 60 * 1000).toISOString().slice(0, 7);

const upload = (name: string): Promise<FileUpload> => {
  const bytes = readFileSync(path.join(PHOTOS_DIR, `${name}.jpg`));
  return Promise.resolve({
    filename: `${name}.jpg`,
    mimetype: 'image/jpeg',
    createReadStream: () => Readable.from([bytes]),
  });
};

/**
 * The demo member's projects, sent through the same code a member uses (photos re-encoded, stored by the file
 * storage), at past dates, then reviewed as the terminal would: moments of the demo year, played in time order with
 * the other modules' (points/demo-timeline.ts). Runs with the demo history only: API tests seed the demo member
 * without it.
 */
export function demoProjectEvents(db: Db, { config, storage }: DemoHistoryDeps, member: { id: number }): DemoEvent[] {
  const start = config.now();
  return PROJECTS.flatMap((project, index): DemoEvent[] => {
    const sentAt = start - project.daysAgo * DAY_MS;
    let sentId = 0;
    const send = async () => {
      const deps = { ...demoMemberOn(db, { config, storage }, member, sentAt), photoLimiter: unlimitedUploads };
      const photoIds: string[] = [];
      for (const [position, name] of project.photos.entries()) {
        const photo = await uploadPhoto(deps, {
          file: upload(name),
          idempotencyKey: `demo-projeto-${index}-foto-${position}`,
        });
        photoIds.push(photo.id);
      }
      const invoice = project.withInvoice
        ? await db
            .selectFrom('invoices')
            .select('id')
            .where('user_id', '=', member.id)
            .where('status', '=', 'approved')
            .where('created_at', '<', new Date(sentAt).toISOString())
            .orderBy('id', 'desc')
            .executeTakeFirst()
        : undefined;
      const sent = await submitProject(deps, {
        input: {
          ...project.input,
          finishedMonth: monthOf(sentAt - 10 * DAY_MS),
          invoiceIds: invoice ? [String(invoice.id)] : [],
        },
        photoIds,
        idempotencyKey: `demo-projeto-${index}`,
      });
      sentId = Number(sent.id);
    };
    const review = project.review;
    return sentThenReviewed(
      sentAt,
      send,
      review && {
        afterDays: review.afterDays,
        // The reviewer acts on a past day: the operator's deps carry that day as their clock.
        decide: async (now) => {
          const reviewer = { db, config: { ...config, now } };
          if (review.reason) await rejectProject(reviewer, DEMO_REVIEWER, sentId, review.reason);
          else await approveProject(reviewer, DEMO_REVIEWER, sentId);
          if (review.publish) await publishProject(reviewer, DEMO_REVIEWER, sentId);
        },
      },
    );
  });
}
