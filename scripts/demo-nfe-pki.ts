import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_NFE_PKI_DIR, demoStoreCertificateFile } from '../server/modules/invoices/demo-nfe-pki';
import { issueCertificate, newKeyPair } from '../server/modules/invoices/test/certificates';
import { SEED_STORES } from '../server/modules/stores';

/**
 * Writes the demo's NF-e PKI (server/modules/invoices/demo/nfe-pki): a demo root and, for each seed store, an e-CNPJ
 * certificate of it with one shared key. Public on purpose: the demo history is signed with it at seed time, with
 * the root passed explicitly, and no running server trusts it for members' sends. Run again only to renew it
 * (node --import tsx scripts/demo-nfe-pki.ts), then commit the files.
 */
const validity = { notBefore: new Date('2020-01-01T00:00:00Z'), notAfter: new Date('2045-01-01T00:00:00Z') };
mkdirSync(DEMO_NFE_PKI_DIR, { recursive: true });
const root = issueCertificate({
  commonName: 'AC Raiz de Demonstração do Clube (não confiável)',
  keys: newKeyPair(),
  ca: true,
  ...validity,
});
writeFileSync(path.join(DEMO_NFE_PKI_DIR, 'raiz-demo.pem'), root.pem);
const storeKeys = newKeyPair();
writeFileSync(
  path.join(DEMO_NFE_PKI_DIR, 'lojas-demo-chave.pem'),
  storeKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
);
for (const store of SEED_STORES) {
  const leaf = issueCertificate({
    commonName: `${store.name.toUpperCase()}:${store.cnpj}`,
    keys: storeKeys,
    issuer: root,
    ca: false,
    cnpj: store.cnpj,
    ...validity,
  });
  writeFileSync(demoStoreCertificateFile(store.cnpj), leaf.pem);
}
console.info(`PKI de demonstração escrita em ${path.relative(process.cwd(), DEMO_NFE_PKI_DIR)}.`);
