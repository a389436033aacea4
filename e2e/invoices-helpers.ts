import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { withCheckDigit } from '../common/validation/access-key';
import { createDatabase } from '../server/db/database';
import { createMember } from '../server/modules/users/repository';
import type { SampleNfeItem } from '../common/invoices/nfe-xml';
import { signedNfeXml } from '../server/modules/invoices/test/nfe-test-pki';
import { clubCli, dataDir } from './club-cli';
import { loginTokens } from './fixtures';
import { e2eNfePki } from './nfe-pki';
import { PASSWORD } from './members';

/**
 * Members of the invoice specs, created fresh for each test straight in the test server's database, so the demo
 * member (used by other specs) never gets invoices or points from here.
 */

function cpfDigit(digits: number[], weight: number): number {
  const rest = (digits.reduce((sum, d, i) => sum + d * (weight - i), 0) * 10) % 11;
  return rest === 10 ? 0 : rest;
}

function randomCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  const d1 = cpfDigit(base, 10);
  const d2 = cpfDigit([...base, d1], 11);
  return [...base, d1, d2].join('');
}

export interface InvoiceMember {
  cpf: string;
  email: string;
  name: string;
  /** Verified, as the WhatsApp channel finds the member by it: `(11) 9xxxx-xxxx`. */
  phone: string;
}

export async function createInvoiceMember({ whatsapp = true }: { whatsapp?: boolean } = {}): Promise<InvoiceMember> {
  const db = createDatabase({ file: join(dataDir(), 'club.sqlite') });
  try {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const member = {
      name: 'Nilo',
      surName: 'Tavares',
      cpf: randomCpf(),
      email: `nf-${tag}@exemplo.com.br`,
      password: PASSWORD,
      emailConfirmed: true,
      phoneNumber: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      phoneVerified: true,
      birthDate: '1985-07-01',
      gender: 'masculino',
      careerName: 'Marceneiro',
      cep: '80010000',
      address: 'Rua XV de Novembro',
      number: '10',
      district: 'Centro',
      stateUf: 'PR',
      cityName: 'Curitiba',
      chatbotInvoiceUploadEnabled: whatsapp,
      accountType: 'member',
    };
    await createMember(db, member);
    const digits = member.phoneNumber;
    const phone = `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
    return { cpf: member.cpf, email: member.email, name: member.name, phone };
  } finally {
    await db.destroy();
  }
}

/** A valid key nobody has used: SP (or the IBGE code of another state), November 2026, issued by a registered store. */
export function freshKey(issuerCnpj = '58716523000119', ufCode = '35'): string {
  const number = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const code = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  return withCheckDigit(`${ufCode}2611${issuerCnpj}55001${number}1${code}`);
}

export const masked = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF foto da nota'),
]);

export function nfeXmlFile(
  key: string,
  buyerCpf: string,
  total = '180.00',
  items?: readonly SampleNfeItem[],
  issuedMsAgo = 2 * 24 * 3600 * 1000,
) {
  const issued = new Date(Date.now() - issuedMsAgo).toISOString().replace(/\.\d{3}Z$/, '-00:00');
  return {
    name: 'nfe.xml',
    mimeType: 'text/xml',
    // Signed by the store and authorised by the SEFAZ of the run's PKI, which the e2e server trusts.
    buffer: Buffer.from(
      signedNfeXml({ accessKey: key, buyerCpf, issuedAt: issued, total, items }, e2eNfePki(dataDir())),
    ),
  };
}

/** The terminal review, as a reviewer would run it, against the test server's data folder. */
export const reviewCli = (...args: string[]) => clubCli('invoices', ...args);

/**
 * A member's photo of an invoice sent through the API, as the app sends it (multipart `submitInvoice`), for a test
 * whose subject is what staff do with it; returns the invoice's id.
 */
export async function sendPhotoByApi(
  request: APIRequestContext,
  member: Pick<InvoiceMember, 'email'>,
  photo: Buffer = JPEG,
  key: string = freshKey(),
): Promise<string> {
  const { token } = await loginTokens(request, member.email);
  const sent = await request.post('/graphql', {
    headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
    multipart: {
      operations: JSON.stringify({
        query: 'mutation ($input: SubmitInvoiceInput!) { submitInvoice(input: $input) { id } }',
        variables: { input: { accessKey: key, idempotencyKey: randomUUID(), files: [null] } },
      }),
      map: JSON.stringify({ nota: ['variables.input.files.0'] }),
      nota: { name: 'nota.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  return ((await sent.json()) as { data: { submitInvoice: { id: string } } }).data.submitInvoice.id;
}
