import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sampleNfeXml } from '../../../../common/invoices/nfe-xml';
import { withCheckDigit } from '../../../../common/validation/access-key';
import type { GraphQLResponse } from '../../../test/helpers';
import { signedNfeXml } from './nfe-test-pki';
import { multipart, type TestFile } from '../../../test/multipart';

export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF foto da nota'),
]);
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF');
export const HTML = Buffer.from('<!DOCTYPE html><html><body>não sou PDF</body></html>');

let serial = 0;
/** A fresh, valid NF-e key each call (SP, issuer = a registered store, model 55). */
export function newKey(issuerCnpj = '58716523000119', yymm = '2611'): string {
  serial += 1;
  const number = String(serial + Math.floor(Math.random() * 1e6)).padStart(9, '0');
  return withCheckDigit(`35${yymm}${issuerCnpj}55001${number}1${String(10000000 + serial * 7919).slice(0, 8)}`);
}

/** An authorised NF-e as a store's software and the SEFAZ hand it over: signed by the tests' PKI (nfe-test-pki.ts). */
export function nfeXml(
  key: string,
  buyerCpf: string,
  issuedAt: string,
  total = '250.00',
  issuerCnpj = key.slice(6, 20),
): Buffer {
  return Buffer.from(signedNfeXml({ accessKey: key, issuerCnpj, buyerCpf, issuedAt, total }));
}

/** The same NF-e typed by hand: no signature, a protNFe with only the key. */
export function unsignedNfeXml(key: string, buyerCpf: string, issuedAt: string, total = '250.00'): Buffer {
  return Buffer.from(sampleNfeXml({ accessKey: key, issuerCnpj: key.slice(6, 20), buyerCpf, issuedAt, total }));
}

export const SUBMIT = `mutation Submit($input: SubmitInvoiceInput!) {
  submitInvoice(input: $input) {
    id accessKey status uf issuedMonth issuerCnpj model series number hasXml totalCents points flagReason rejectionReason
    files { id name kind sizeBytes url }
    events { status note at }
  }
}`;

export const RESEND = `mutation Resend($id: ID!, $idempotencyKey: String!, $files: [Upload!]!) {
  resendInvoice(id: $id, idempotencyKey: $idempotencyKey, files: $files) { id status files { id name } events { status note } }
}`;

export interface SubmittedInvoice {
  id: string;
  accessKey: string;
  status: string;
  hasXml: boolean;
  totalCents: number | null;
  points: number | null;
  flagReason: string | null;
  rejectionReason: string | null;
  files: { id: string; name: string; kind: string; sizeBytes: number; url: string }[];
  events: { status: string; note: string | null; at: string }[];
}

export async function submit(
  app: FastifyInstance,
  token: string,
  input: { accessKey?: string; idempotencyKey?: string; waitedOnDevice?: boolean },
  files: TestFile[],
  headers: Record<string, string> = { 'apollo-require-preflight': 'true' },
): Promise<GraphQLResponse<{ submitInvoice: SubmittedInvoice }> & { statusCode: number }> {
  const body = multipart(
    SUBMIT,
    { input: { idempotencyKey: randomUUID(), ...input, files: files.map(() => null) } },
    files.map((_, i) => `variables.input.files.${i}`),
    files,
  );
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}`, ...headers },
    payload: body.payload,
  });
  const json = res.json<{ data?: { submitInvoice: SubmittedInvoice } | null; errors?: GraphQLResponse['errors'] }>();
  return { status: res.statusCode, statusCode: res.statusCode, data: json.data, errors: json.errors };
}
