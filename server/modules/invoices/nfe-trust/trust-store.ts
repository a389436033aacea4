import { X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * The ICP-Brasil roots and intermediate ACs shipped with the club (docs/nfe-trust.md says which, where each came from
 * and how to renew them). The leaf usually travels alone in an NF-e's KeyInfo: with the intermediates here a chain is
 * built without fetching anything.
 */
export const SHIPPED_TRUST_DIR = path.join(__dirname, 'icp-brasil');

export interface NfeTrustStore {
  /** Self-signed certificates: the anchors a chain must end in. */
  readonly roots: X509Certificate[];
  /** Every other certificate: only material to build a chain with, trusted through the roots. */
  readonly intermediates: X509Certificate[];
}

// The ITI's whole set is about 180 certificates and 0.7 MB of PEM; these bounds are far above it and keep a wrong
// path (a home folder, a disk image) from being read whole at start.
const MAX_FILE_BYTES = 4 * 1024 * 1024;
const MAX_FILES = 2_000;
const MAX_CERTIFICATES = 5_000;
const MAX_FOLDER_DEPTH = 3;

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

class TrustStoreError extends Error {}

/**
 * Reads the certificates a chain may use: the shipped set, or, when `source` is given (NFE_TRUSTED_ROOTS), only that
 * PEM file (one or many certificates) or folder of .pem files, which replaces the shipped set entirely. Roots and
 * intermediates may be mixed: a self-signed certificate is a root, any other an intermediate. Throws, in pt-BR, when
 * the source cannot be read, holds no certificate, holds something that is not one, or has no root.
 */
export function loadTrustStore(source?: string): NfeTrustStore {
  const label = source === undefined ? 'Certificados da ICP-Brasil embarcados' : `NFE_TRUSTED_ROOTS (${source})`;
  const from = source === undefined ? SHIPPED_TRUST_DIR : path.resolve(source);
  try {
    return classify(readCertificates(from));
  } catch (error) {
    if (error instanceof TrustStoreError) throw new Error(`${label}: ${error.message}`);
    throw error;
  }
}

function readCertificates(from: string): X509Certificate[] {
  const stats = statOf(from);
  const files = stats.isDirectory() ? pemFilesUnder(from, 0) : [from];
  if (files.length === 0) throw new TrustStoreError('a pasta não tem nenhum arquivo .pem.');
  const seen = new Set<string>();
  const certificates: X509Certificate[] = [];
  for (const file of files) {
    for (const certificate of certificatesIn(file)) {
      // The same certificate in a bundle and in its own file counts once.
      if (seen.has(certificate.fingerprint256)) continue;
      seen.add(certificate.fingerprint256);
      certificates.push(certificate);
      if (certificates.length > MAX_CERTIFICATES) {
        throw new TrustStoreError(`mais de ${MAX_CERTIFICATES} certificados; confira o caminho.`);
      }
    }
  }
  return certificates;
}

function statOf(file: string): Stats {
  try {
    return statSync(file);
  } catch (error) {
    throw new TrustStoreError(`não foi possível ler ${file} (${(error as NodeJS.ErrnoException).code ?? 'erro'}).`);
  }
}

/** The .pem files of a folder and of its subfolders (roots/ and intermediates/ in the shipped set), sorted. */
function pemFilesUnder(folder: string, depth: number): string[] {
  if (depth > MAX_FOLDER_DEPTH) return [];
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    throw new TrustStoreError(`não foi possível ler ${folder} (${(error as NodeJS.ErrnoException).code ?? 'erro'}).`);
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...pemFilesUnder(full, depth + 1));
    else if (entry.name.toLowerCase().endsWith('.pem')) files.push(full);
    if (files.length > MAX_FILES) throw new TrustStoreError(`mais de ${MAX_FILES} arquivos .pem; confira o caminho.`);
  }
  return files;
}

function certificatesIn(file: string): X509Certificate[] {
  const stats = statOf(file);
  if (stats.size > MAX_FILE_BYTES) {
    throw new TrustStoreError(
      `${file} tem mais de ${MAX_FILE_BYTES / 1024 / 1024} MB; não é um arquivo de certificados.`,
    );
  }
  let text: string;
  try {
    text = readFileSync(file, 'latin1');
  } catch (error) {
    throw new TrustStoreError(`não foi possível ler ${file} (${(error as NodeJS.ErrnoException).code ?? 'erro'}).`);
  }
  const certificates: X509Certificate[] = [];
  for (const [block, kind] of text.matchAll(PEM_BLOCK)) {
    // A private key here would be a key leaked into the trust settings, not something to skip quietly.
    if (kind !== 'CERTIFICATE')
      throw new TrustStoreError(`${file} contém um bloco "${kind}"; só são aceitos certificados.`);
    try {
      certificates.push(new X509Certificate(block));
    } catch {
      throw new TrustStoreError(`o ${certificates.length + 1}º bloco de ${file} não é um certificado X.509 válido.`);
    }
  }
  if (certificates.length === 0) throw new TrustStoreError(`${file} está vazio ou não tem nenhum certificado PEM.`);
  return certificates;
}

function classify(certificates: X509Certificate[]): NfeTrustStore {
  const roots = certificates.filter(isSelfSigned);
  if (roots.length === 0) {
    throw new TrustStoreError('nenhum certificado raiz (autoassinado); sem uma raiz nenhuma cadeia pode ser confiada.');
  }
  return { roots, intermediates: certificates.filter((c) => !roots.includes(c)) };
}

/** Subject equal to issuer is not enough: the certificate must also verify with its own key. */
export function isSelfSigned(certificate: X509Certificate): boolean {
  if (!certificate.checkIssued(certificate)) return false;
  try {
    return certificate.verify(certificate.publicKey);
  } catch {
    return false;
  }
}
