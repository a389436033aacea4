import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withCheckDigit } from '../../../common/validation/access-key';
import type { Db } from '../../db/schema';
import type { FileUpload } from '../../uploads/file-upload';
import { SEED_STORES } from '../stores';
import { demoDanfePdf, demoSignedXml, upload, type DemoHistoryDeps } from './demo-history';
import { demoNfeTrustStore } from './demo-nfe-pki';
import { submitInvoice } from './service';
import { unlimitedUploads } from './upload-limiter';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Receipts photographed on a workbench; the keys printed on them are the ones sent (see PHOTO_KEYS). */
const photo = (name: string) => readFileSync(join(__dirname, 'demo', name));
const PHOTO_KEYS = {
  'nota-foto-1.jpg': '35261158716523000119650010000123451000123459',
  'nota-foto-2.jpg': '52261133000167000101650010000098761000098765',
} as const;

export interface DemoReviewMembers {
  readonly carlos: { id: number; cpf: string };
  readonly joana: { id: number; cpf: string };
}

/**
 * A review queue for the painel's demo: a few invoices of each kind waiting for a person, sent by two members other
 * than the demo member, over the last days. Carlos's receipt photo; Joana's try of the same key (refused, counted),
 * then the same photo under another key (the reviewer's "mesmo arquivo de outro membro"); her own receipt photo;
 * a PDF without XML; and an XML whose buyer is someone else (held, flagged).
 */
export async function seedDemoReviewQueue(
  db: Db,
  { config, storage }: DemoHistoryDeps,
  { carlos, joana }: DemoReviewMembers,
): Promise<void> {
  const start = config.now();
  // The demo root, passed explicitly: the held XML below fails no proof, only the buyer rule.
  const nfeTrust = demoNfeTrustStore();
  const send = async (
    member: { id: number },
    hoursAgo: number,
    tag: string,
    accessKey: string | null,
    file: Promise<FileUpload>,
  ) => {
    const deps = {
      db,
      storage,
      userId: member.id,
      config: { ...config, now: () => start - hoursAgo * HOUR_MS },
      uploadLimiter: unlimitedUploads,
      nfeTrust,
    };
    return submitInvoice(deps, { accessKey, idempotencyKey: `demo-fila-${tag}`, files: [file] }).catch(
      (refused: Error) => refused,
    );
  };
  const receipt1 = photo('nota-foto-1.jpg');
  await send(
    carlos,
    4 * 24 + 3,
    'carlos-foto',
    PHOTO_KEYS['nota-foto-1.jpg'],
    upload('nota.jpg', 'image/jpeg', receipt1),
  );
  // Joana types Carlos's key (refused: already sent), then sends his photo under another key.
  await send(
    joana,
    3 * 24 + 6,
    'joana-tenta',
    PHOTO_KEYS['nota-foto-1.jpg'],
    upload('nota.jpg', 'image/jpeg', receipt1),
  );
  const store = SEED_STORES[0]!;
  const sent = new Date(start - 3 * DAY_MS);
  const yymm = `${String(sent.getUTCFullYear()).slice(2)}${String(sent.getUTCMonth() + 1).padStart(2, '0')}`;
  await send(
    joana,
    3 * 24 + 5,
    'joana-copia',
    withCheckDigit(`35${yymm}${store.cnpj}65001000054321100054321`),
    upload('IMG_2031.jpg', 'image/jpeg', receipt1),
  );
  await send(
    joana,
    2 * 24 + 2,
    'joana-foto',
    PHOTO_KEYS['nota-foto-2.jpg'],
    upload('nota.jpg', 'image/jpeg', photo('nota-foto-2.jpg')),
  );
  const pdfKey = withCheckDigit(`35${yymm}${store.cnpj}55001000077001100077001`);
  await send(
    carlos,
    26,
    'carlos-pdf',
    pdfKey,
    upload(
      'danfe.pdf',
      'application/pdf',
      demoDanfePdf(['DANFE - documento de demonstração', store.name, 'Total R$ 1.284,00']),
    ),
  );
  const xmlKey = withCheckDigit(`35${yymm}${store.cnpj}55001000088002100088002`);
  await send(
    carlos,
    5,
    'carlos-xml',
    null,
    upload(
      'nfe.xml',
      'text/xml',
      demoSignedXml({
        accessKey: xmlKey,
        issuerCnpj: store.cnpj,
        issuerName: store.name,
        // Bought by Joana, sent by Carlos: the club holds it for a person.
        buyerCpf: joana.cpf,
        issuedAt: sent.toISOString().replace(/\.\d{3}Z$/, '-00:00'),
        total: '745.30',
      }),
    ),
  );
}
