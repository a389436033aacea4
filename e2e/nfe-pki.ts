import { join } from 'node:path';
import { nfeTestPki, type NfeTestPki } from '../server/modules/invoices/test/nfe-test-pki';

/**
 * The e2e run's ICP-Brasil, made at run time in the server's data folder: the server trusts it (NFE_TRUSTED_ROOTS,
 * playwright.config.ts) and the XML fixtures sign with it, so an authentic note is approved by itself as in
 * production. Made once by whichever process asks first; the others read the same files.
 */
export const e2eNfePki = (dataDir: string): NfeTestPki => nfeTestPki(join(dataDir, 'nfe-pki'));
