import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, id_ce_subjectKeyIdentifier, SubjectKeyIdentifier } from '@peculiar/asn1-x509';
import { sampleNfeXml, type SampleNfeItem } from '../../../../common/invoices/nfe-xml';
import type { NfeTrustStore } from '../nfe-trust/certificate-chain';
import { signAndAuthorise, type NfeProtocol, type NfeSigner } from '../nfe-trust/sign-nfe';
import { issueCertificate, newKeyPair, type IssuedCertificate, type KeyPair } from './certificates';

/**
 * The tests' ICP-Brasil: a root and an AC made at run time, kept in a folder (the root and AC certificates and
 * keys, and `trusted.pem`, what NFE_TRUSTED_ROOTS points at), so every process that signs (Jest's files, the e2e
 * server's fixtures) and the server that verifies agree without sharing memory. Leaves are issued on demand, one
 * per CNPJ, from the AC's key.
 */

/** Wide enough for any clock a test sets (fakeClock starts in November 2026) and any dhEmi it writes. */
export const TEST_VALIDITY = {
  notBefore: new Date('2020-01-01T00:00:00Z'),
  notAfter: new Date('2040-01-01T00:00:00Z'),
};

export interface NfeTestPki {
  readonly dir: string;
  readonly root: IssuedCertificate;
  readonly ac: IssuedCertificate;
  /** The file for NFE_TRUSTED_ROOTS: the root and the AC. */
  readonly trustedFile: string;
  readonly store: NfeTrustStore;
  /** An e-CNPJ leaf of the test AC for `cnpj`, valid over TEST_VALIDITY. */
  leaf(cnpj: string): IssuedCertificate;
  signer(cnpj: string): NfeSigner;
}

/** Rebuilds an IssuedCertificate (its subject name and key id) from the PEM and key kept in the folder. */
function restore(pem: string, privateKeyPem: string): IssuedCertificate {
  const certificate = new X509Certificate(pem);
  const privateKey = createPrivateKey(privateKeyPem);
  const tbs = AsnConvert.parse(certificate.raw, Certificate).tbsCertificate;
  const ski = tbs.extensions?.find((e) => e.extnID === id_ce_subjectKeyIdentifier);
  if (!ski) throw new Error('certificado de teste sem SubjectKeyIdentifier');
  const keyId = AsnConvert.parse(ski.extnValue.buffer, SubjectKeyIdentifier).buffer;
  return { certificate, pem, keys: { privateKey, publicKey: createPublicKey(privateKey) }, name: tbs.subject, keyId };
}

interface StoredPki {
  rootPem: string;
  rootKey: string;
  acPem: string;
  acKey: string;
  leafKey: string;
}

const exportKey = (keys: KeyPair) => keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** A root and its AC under the tests' names, with new keys: the tests' PKI, or an impostor of it. */
export function issueRootAndAc(): { root: IssuedCertificate; ac: IssuedCertificate } {
  const root = issueCertificate({
    commonName: 'AC Raiz de Teste do Clube',
    keys: newKeyPair(),
    ca: true,
    ...TEST_VALIDITY,
  });
  const ac = issueCertificate({
    commonName: 'AC de Teste do Clube',
    keys: newKeyPair(),
    issuer: root,
    ca: true,
    ...TEST_VALIDITY,
  });
  return { root, ac };
}

function createPki(): StoredPki {
  const { root, ac } = issueRootAndAc();
  return {
    rootPem: root.pem,
    rootKey: exportKey(root.keys),
    acPem: ac.pem,
    acKey: exportKey(ac.keys),
    leafKey: exportKey(newKeyPair()),
  };
}

const opened = new Map<string, NfeTestPki>();

/**
 * The PKI kept in `dir`, made there the first time (written whole, then renamed, so a second process never reads
 * half of it).
 */
export function nfeTestPki(dir: string = path.join(tmpdir(), `clube-nfe-pki-${process.pid}`)): NfeTestPki {
  const cached = opened.get(dir);
  if (cached) return cached;
  const file = path.join(dir, 'pki.json');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(createPki()), { mode: 0o600 });
    renameSync(partial, file);
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredPki;
  const root = restore(stored.rootPem, stored.rootKey);
  const ac = restore(stored.acPem, stored.acKey);
  const trustedFile = path.join(dir, 'trusted.pem');
  if (!existsSync(trustedFile)) writeFileSync(trustedFile, `${root.pem}${ac.pem}`);
  const leafPrivate = createPrivateKey(stored.leafKey);
  const leafKeys = { privateKey: leafPrivate, publicKey: createPublicKey(leafPrivate) };
  const leaves = new Map<string, IssuedCertificate>();
  const leaf = (cnpj: string) => {
    const known = leaves.get(cnpj);
    if (known) return known;
    const issued = issueCertificate({
      commonName: `LOJA DE TESTE LTDA:${cnpj}`,
      keys: leafKeys,
      issuer: ac,
      ca: false,
      cnpj,
      ...TEST_VALIDITY,
    });
    leaves.set(cnpj, issued);
    return issued;
  };
  const pki: NfeTestPki = {
    dir,
    root,
    ac,
    trustedFile,
    store: { roots: [root.certificate], intermediates: [ac.certificate] },
    leaf,
    signer: (cnpj) => ({ privateKey: leafPrivate, certificates: [leaf(cnpj).pem] }),
  };
  opened.set(dir, pki);
  return pki;
}

export interface SignedNfeOptions {
  accessKey: string;
  buyerCpf: string;
  issuedAt: string;
  total: string;
  issuerCnpj?: string;
  issuerName?: string;
  items?: readonly SampleNfeItem[];
  fullItems?: boolean;
  /** Another signer (another AC, an expired or CNPJ-less leaf); default: the test PKI's leaf of the issuer. */
  signer?: NfeSigner;
  /** Changes to the SEFAZ protocol (another cStat, key or digVal). */
  protocol?: Partial<NfeProtocol>;
}

/** An authorised nfeProc signed by the test PKI (or `signer`), as a store's software and the SEFAZ would send it. */
export function signedNfeXml(options: SignedNfeOptions, pki: NfeTestPki = nfeTestPki()): string {
  const issuerCnpj = options.issuerCnpj ?? options.accessKey.slice(6, 20);
  const xml = sampleNfeXml({ ...options, issuerCnpj, protocol: false });
  return signAndAuthorise(xml, options.accessKey, options.signer ?? pki.signer(issuerCnpj), {
    receivedAt: options.issuedAt,
    ...options.protocol,
  });
}
