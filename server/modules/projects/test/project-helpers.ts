import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { gql, type GraphQLResponse } from '../../../test/helpers';
import { multipart } from '../../../test/multipart';

/** A plain photo drawn by sharp: `width`×`height`, one colour, as JPEG. */
export const jpegPhoto = (width = 640, height = 480, colour = '#a0522d'): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** A phone photo as phones write them: EXIF with the make, the GPS position and a rotation to apply. */
export const phonePhoto = (width: number, height: number, orientation = 1): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#8b5a2b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Celular', Model: 'Modelo 12' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 1/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 2/1',
      },
    })
    .withMetadata({ orientation })
    .toBuffer();

export const UPLOAD = `mutation Upload($file: Upload!, $idempotencyKey: String!) {
  uploadProjectPhoto(file: $file, idempotencyKey: $idempotencyKey) {
    id width height thumbnailUrl thumbnailWidth thumbnailHeight
  }
}`;

export interface UploadedPhoto {
  id: string;
  width: number;
  height: number;
  thumbnailUrl: string;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

export async function uploadPhoto(
  app: FastifyInstance,
  token: string,
  content: Buffer,
  { name = 'foto.jpg', idempotencyKey = randomUUID() }: { name?: string; idempotencyKey?: string } = {},
): Promise<GraphQLResponse<{ uploadProjectPhoto: UploadedPhoto }>> {
  const body = multipart(UPLOAD, { file: null, idempotencyKey }, ['variables.file'], [{ name, content }]);
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': body.contentType,
      authorization: `Bearer ${token}`,
      'apollo-require-preflight': 'true',
    },
    payload: body.payload,
  });
  const json = res.json<{ data?: { uploadProjectPhoto: UploadedPhoto } | null; errors?: GraphQLResponse['errors'] }>();
  return { status: res.statusCode, data: json.data, errors: json.errors };
}

/** Uploads `count` small photos and answers their ids. */
export async function uploadPhotos(app: FastifyInstance, token: string, count = 1): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await uploadPhoto(app, token, await jpegPhoto(320, 240));
    if (!res.data) throw new Error(`upload failed: ${JSON.stringify(res.errors)}`);
    ids.push(res.data.uploadProjectPhoto.id);
  }
  return ids;
}

export const PROJECT_FIELDS = `
  id title environment description uf city finishedMonth status rejectionReason points publishConsent published
  campaignSlug campaignTitle createdAt updatedAt
  products { id name category }
  invoices { id number issuerName issuedMonth }
  photos { id position alt url width height thumbnailUrl thumbnailWidth thumbnailHeight }
  cover { id }
  events { status note at }`;

export interface ProjectResult {
  id: string;
  title: string;
  status: string;
  uf: string;
  city: string;
  description: string;
  rejectionReason: string | null;
  points: number | null;
  publishConsent: boolean;
  published: boolean;
  campaignSlug: string | null;
  campaignTitle: string | null;
  products: { id: string; name: string; category: string }[];
  invoices: { id: string; number: number }[];
  photos: {
    id: string;
    position: number;
    alt: string;
    url: string;
    width: number;
    height: number;
    thumbnailUrl: string;
  }[];
  cover: { id: string } | null;
  events: { status: string; note: string | null; at: string }[];
}

export const SUBMIT = `mutation Submit($input: ProjectInput!, $photoIds: [ID!]!, $idempotencyKey: String!) {
  submitProject(input: $input, photoIds: $photoIds, idempotencyKey: $idempotencyKey) { ${PROJECT_FIELDS} }
}`;

export const RESEND = `mutation Resend($id: ID!, $input: ProjectInput!, $photoIds: [ID!]!, $idempotencyKey: String!) {
  resendProject(id: $id, input: $input, photoIds: $photoIds, idempotencyKey: $idempotencyKey) { ${PROJECT_FIELDS} }
}`;

export const PROJECT = `query Project($id: ID!) { project(id: $id) { ${PROJECT_FIELDS} } }`;

export const validInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Cozinha planejada em freijó',
  environment: 'KITCHEN',
  description: 'Armários superiores e inferiores,\r\nilha com tampo em MDF.',
  uf: 'SP',
  city: 'sao paulo',
  finishedMonth: '2026-10',
  productIds: ['mdf-freijo-18', 'dobradica-reta-35-amortecedor'],
  publishConsent: true,
  ...overrides,
});

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function submitProject(
  app: FastifyInstance,
  token: string,
  photoIds: string[],
  input: Record<string, unknown> = validInput(),
  idempotencyKey: string = randomUUID(),
  headers: Record<string, string> = {},
) {
  return gql<{ submitProject: ProjectResult }>(
    app,
    SUBMIT,
    { input, photoIds, idempotencyKey },
    { ...bearer(token), ...headers },
  );
}
