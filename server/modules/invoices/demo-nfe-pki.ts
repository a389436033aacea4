import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NfeTrustStore } from './nfe-trust/certificate-chain';
import type { NfeSigner } from './nfe-trust/sign-nfe';

/**
 * The demo's NF-e PKI, in the repository with its keys (public on purpose, scripts/demo-nfe-pki.ts wrote it): the
 * demo history's XMLs are signed by a demo store certificate and approved through the real verification with this
 * root passed explicitly by the seed. A running server never trusts it for members' sends (NFE_TRUSTED_ROOTS or
 * the ICP-Brasil set): otherwise anyone could sign with the key below.
 */
export const DEMO_NFE_PKI_DIR = path.join(__dirname, 'demo', 'nfe-pki');

export const demoStoreCertificateFile = (cnpj: string): string => path.join(DEMO_NFE_PKI_DIR, `loja-${cnpj}.pem`);

export function demoNfeTrustStore(): NfeTrustStore {
  return {
    roots: [new X509Certificate(readFileSync(path.join(DEMO_NFE_PKI_DIR, 'raiz-demo.pem')))],
    intermediates: [],
  };
}

/** The demo store's signer for a seed store's CNPJ. */
export function demoStoreSigner(cnpj: string): NfeSigner {
  return {
    privateKey: readFileSync(path.join(DEMO_NFE_PKI_DIR, 'lojas-demo-chave.pem'), 'utf8'),
    certificates: [readFileSync(demoStoreCertificateFile(cnpj), 'utf8')],
  };
}
