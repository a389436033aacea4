import type { KeyObject } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { C14N, ENVELOPED } from './xml-signature';

/**
 * Signs an NF-e the way an issuer's software does, and adds the SEFAZ protocol of that signature: for the demo's
 * history (a demo store certificate), the tests, the end-to-end fixtures and the benchmark. Never for members' files.
 */

export interface NfeSigner {
  readonly privateKey: KeyObject | string;
  /** PEM: the signer's certificate first, then any AC certificate to carry in KeyInfo. */
  readonly certificates: readonly string[];
  /** SHA-1 as the NF-e standard signs (default), or SHA-256. */
  readonly hash?: 'sha1' | 'sha256';
}

/** protNFe/infProt; any field left out is the authorisation of the signed note. */
export interface NfeProtocol {
  readonly cStat?: string;
  readonly chNFe?: string;
  readonly digVal?: string;
  readonly receivedAt: string;
}

const ALGORITHMS = {
  sha1: { signature: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1', digest: 'http://www.w3.org/2000/09/xmldsig#sha1' },
  sha256: {
    signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  },
} as const;

const INF_NFE = "//*[local-name(.)='infNFe']";

/**
 * `xml` with an enveloped signature of the element `element` selects (an XPath), placed right after the element
 * `after` selects, and that signature's DigestValue.
 */
export function signElement(
  xml: string,
  signer: NfeSigner,
  { element, after }: { element: string; after: string },
): { xml: string; digestValue: string } {
  const algorithms = ALGORITHMS[signer.hash ?? 'sha1'];
  const signed = new SignedXml({
    privateKey: signer.privateKey,
    publicCert: signer.certificates.join('\n'),
    signatureAlgorithm: algorithms.signature,
    canonicalizationAlgorithm: C14N,
  });
  signed.addReference({ xpath: element, transforms: [ENVELOPED, C14N], digestAlgorithm: algorithms.digest });
  signed.computeSignature(xml, { location: { reference: after, action: 'after' } });
  const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(signed.getSignatureXml())?.[1];
  if (!digestValue) throw new Error('assinatura sem DigestValue');
  return { xml: signed.getSignedXml(), digestValue };
}

/** `xml` with the issuer's Signature after infNFe, and that signature's DigestValue (the protocol's digVal). */
export const signNfe = (xml: string, signer: NfeSigner) =>
  signElement(xml, signer, { element: INF_NFE, after: INF_NFE });

/** The SEFAZ's protNFe for `accessKey`, placed at the end of nfeProc. */
export function addProtocol(xml: string, accessKey: string, digestValue: string, protocol: NfeProtocol): string {
  const infProt = [
    '<tpAmb>1</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic>',
    `<chNFe>${protocol.chNFe ?? accessKey}</chNFe><dhRecbto>${protocol.receivedAt}</dhRecbto>`,
    `<nProt>1352600${accessKey.slice(-8)}</nProt><digVal>${protocol.digVal ?? digestValue}</digVal>`,
    `<cStat>${protocol.cStat ?? '100'}</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo>`,
  ].join('');
  const at = xml.lastIndexOf('</nfeProc>');
  if (at < 0) throw new Error('XML sem nfeProc');
  return `${xml.slice(0, at)}<protNFe versao="4.00"><infProt>${infProt}</infProt></protNFe>\n${xml.slice(at)}`;
}

/** An authorised note: signed, with the protocol of that signature. */
export function signAndAuthorise(xml: string, accessKey: string, signer: NfeSigner, protocol: NfeProtocol): string {
  const signed = signNfe(xml, signer);
  return addProtocol(signed.xml, accessKey, signed.digestValue, protocol);
}
