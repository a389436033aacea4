import type { AppConfig } from '../../../config';
import { loadTrustStore, type NfeTrustStore } from './trust-store';

/**
 * Whom a running server trusts for members' NF-e signatures: NFE_TRUSTED_ROOTS when set, else the shipped
 * ICP-Brasil set; read once when the app is built (loadTrustStore refuses, in pt-BR, what it cannot use).
 */
export const nfeTrustStoreOf = (config: Pick<AppConfig, 'nfeTrustedRoots'>): NfeTrustStore =>
  loadTrustStore(config.nfeTrustedRoots);
