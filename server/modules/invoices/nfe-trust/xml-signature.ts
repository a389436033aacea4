import { createHash, X509Certificate } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { elementsOf, XMLDSIG_NS } from './nfe-structure';

/**
 * One enveloped XMLDSig signature the NF-e way (Manual de Orientação do Contribuinte, 4.00): one Reference to the
 * signed element's Id, transforms enveloped-signature then Canonical XML 1.0 (inclusive, without comments), RSA with
 * SHA-1 (the standard) or SHA-256, the signer's certificate in KeyInfo/X509Data. Anything else is refused before
 * xml-crypto runs, and xml-crypto is given only these algorithms too. What was signed is taken from xml-crypto's
 * getSignedReferences(), never found again in the document by its Id.
 */

export const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const EXCLUSIVE_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
export const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SIGNATURE_METHODS = [
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
];
const DIGEST_METHODS: Readonly<Record<string, 'sha1' | 'sha256'>> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
};
/** Certificates read from one KeyInfo: the leaf and its ACs, with room; more is not an NF-e. */
const MAX_CERTIFICATES = 6;

export interface VerifiedSignature {
  /** The canonical XML of the signed element, as the signature covers it. */
  readonly signedXml: string;
  /** base64 of the signed element's digest: the DigestValue the signature covers (protNFe's digVal). */
  readonly digestValue: string;
  /** The certificate whose key verified the signature. */
  readonly signer: X509Certificate;
  /** The other certificates KeyInfo carried (possible ACs of the chain, trusted by nothing). */
  readonly carried: X509Certificate[];
}

export type SignatureResult = { ok: true; signature: VerifiedSignature } | { ok: false };

const algorithmOf = (parent: Element, name: string): string | null => {
  const [element, ...more] = elementsOf(parent).filter((e) => e.localName === name);
  return element && more.length === 0 && element.namespaceURI === XMLDSIG_NS ? element.getAttribute('Algorithm') : null;
};

/** SignedInfo as the NF-e standard writes it, with its one Reference to `#id`; the digest's hash, or null. */
function digestOfSignedInfo(signature: Element, id: string): 'sha1' | 'sha256' | null {
  const parts = elementsOf(signature).map((e) => e.localName);
  if (parts.join() !== 'SignedInfo,SignatureValue,KeyInfo') return null;
  const signedInfo = elementsOf(signature)[0]!;
  if (
    elementsOf(signedInfo)
      .map((e) => e.localName)
      .join() !== 'CanonicalizationMethod,SignatureMethod,Reference'
  )
    return null;
  if (algorithmOf(signedInfo, 'CanonicalizationMethod') !== C14N) return null;
  if (!SIGNATURE_METHODS.includes(algorithmOf(signedInfo, 'SignatureMethod') ?? '')) return null;
  const reference = elementsOf(signedInfo)[2]!;
  if (reference.getAttribute('URI') !== `#${id}`) return null;
  const [transforms] = elementsOf(reference).filter((e) => e.localName === 'Transforms');
  const steps = transforms ? elementsOf(transforms).map((t) => t.getAttribute('Algorithm')) : [];
  if (steps.join() !== [ENVELOPED, C14N].join()) return null;
  return DIGEST_METHODS[algorithmOf(reference, 'DigestMethod') ?? ''] ?? null;
}

function keyInfoCertificates(signature: Element): X509Certificate[] | null {
  const keyInfo = elementsOf(signature)[2]!;
  const values = elementsOf(keyInfo)
    .filter((e) => e.localName === 'X509Data')
    .flatMap((data) => elementsOf(data).filter((e) => e.localName === 'X509Certificate'))
    .map((e) => (e.textContent ?? '').replace(/\s+/g, ''));
  if (values.length === 0 || values.length > MAX_CERTIFICATES) return null;
  try {
    return values.map((value) => {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) throw new Error('not base64');
      return new X509Certificate(Buffer.from(value, 'base64'));
    });
  } catch {
    return null;
  }
}

/**
 * xml-crypto's own tables, cut down to what the NF-e standard uses. Exclusive C14N stays: loadSignature() reads
 * SignedInfo through it before anything is verified; digestOfSignedInfo() already refused it in the signature.
 */
function restrictAlgorithms(signed: SignedXml): void {
  const keep = <T extends object>(table: T, uris: readonly string[]): T =>
    Object.fromEntries(Object.entries(table).filter(([uri]) => uris.includes(uri))) as T;
  signed.CanonicalizationAlgorithms = keep(signed.CanonicalizationAlgorithms, [C14N, ENVELOPED, EXCLUSIVE_C14N]);
  signed.HashAlgorithms = keep(signed.HashAlgorithms, Object.keys(DIGEST_METHODS));
  signed.SignatureAlgorithms = keep(signed.SignatureAlgorithms, SIGNATURE_METHODS);
}

/**
 * Verifies `signature` (an element of the DOM parsed from `xml`) over the element whose Id is `id`. The signer is
 * KeyInfo's certificate that is no CA (its first otherwise); whether anyone trusts it is the caller's question.
 */
export function verifyEnvelopedSignature(xml: string, signature: Element, id: string): SignatureResult {
  const digest = digestOfSignedInfo(signature, id);
  const certificates = digest ? keyInfoCertificates(signature) : null;
  if (!digest || !certificates) return { ok: false };
  const signer = certificates.find((c) => !c.ca) ?? certificates[0]!;
  const signed = new SignedXml({ publicCert: signer.toString(), getCertFromKeyInfo: () => null });
  // The NF-e's Ids are "Id" attributes; each other name would cost xml-crypto another XPath scan of the whole
  // document. An element with ID or id of the same value is refused before this by readNfeStructure.
  signed.idAttributes = ['Id'];
  restrictAlgorithms(signed);
  try {
    signed.loadSignature(signature);
    if (!signed.checkSignature(xml)) return { ok: false };
  } catch {
    // xml-crypto throws on what it refuses (several elements with the Id, a copied signature, a bad key).
    return { ok: false };
  }
  const references = signed.getSignedReferences();
  if (references.length !== 1) return { ok: false };
  const signedXml = references[0]!;
  return {
    ok: true,
    signature: {
      signedXml,
      digestValue: createHash(digest).update(signedXml, 'utf8').digest('base64'),
      signer,
      carried: certificates.filter((c) => c !== signer),
    },
  };
}
