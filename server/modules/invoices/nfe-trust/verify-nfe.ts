import { parseNfeXml, type NfeData } from '../../../../common/invoices/nfe-xml';
import { buildChain, type NfeTrustStore } from './certificate-chain';
import { certificateCnpj } from './certificate-cnpj';
import { childText, parseDom, readNfeStructure, type NfeNodes } from './nfe-structure';
import { verifyEnvelopedSignature, type VerifiedSignature } from './xml-signature';

/**
 * The two proofs an authorised NF-e carries, both checked offline: the issuer's signature over infNFe, by an e-CNPJ
 * certificate of the issuer's company that chains to a trusted root and was valid when the note was issued; and the
 * SEFAZ's authorisation of that very document (protNFe: cStat 100, the same key, the signature's digest). Staff read
 * the reason of a failed proof; the member only ever sees "Em análise".
 */

export const NFE_TRUST_REASONS = {
  unsigned: 'XML sem assinatura',
  signatureMismatch: 'assinatura não confere',
  untrusted: 'certificado fora da ICP-Brasil',
  expired: 'certificado vencido na emissão',
  otherCnpj: 'certificado de outro CNPJ',
  notAuthorised: 'sem autorização da SEFAZ',
  otherInvoice: 'protocolo de outra nota',
} as const;

export type NfeTrustReason = (typeof NFE_TRUST_REASONS)[keyof typeof NFE_TRUST_REASONS];

/** issuer: the emitter's signature (proof 1); authorisation: the SEFAZ protocol (proof 2). */
export type NfeProof = 'issuer' | 'authorisation';

export type NfeVerification = { ok: true } | { ok: false; proof: NfeProof; reason: NfeTrustReason };

/** Which proof a staff reason belongs to, or null for a reason that is no proof's (a ceiling). */
export function proofOfReason(reason: string): NfeProof | null {
  if (reason === NFE_TRUST_REASONS.notAuthorised || reason === NFE_TRUST_REASONS.otherInvoice) return 'authorisation';
  return (Object.values(NFE_TRUST_REASONS) as string[]).includes(reason) ? 'issuer' : null;
}

const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';
const AUTHORISED = '100';

const fail = (proof: NfeProof, reason: NfeTrustReason): NfeVerification => ({ ok: false, proof, reason });

/** What the club stores from an XML, minus the key (proof 2 ties the key to the signed Id). */
const comparable = (data: NfeData) => JSON.stringify({ ...data, accessKey: undefined });

/**
 * The data the club keeps, read again from the bytes the signature covers: equal to what the parser read from the
 * whole file, or the file says one thing to the parser and another to the signature (a comment splitting a value,
 * CDATA, anything C14N renders differently). The canonical infNFe carries its namespace; NFe around it only gives
 * the parser the element it looks for.
 */
function signedDataMatches(signedXml: string, parsed: NfeData): boolean {
  const signed = parseNfeXml(`<NFe xmlns="${NFE_NS}">${signedXml}</NFe>`);
  return signed.ok && comparable(signed.data) === comparable(parsed);
}

function issuerProof(xml: string, nodes: NfeNodes, parsed: NfeData, store: NfeTrustStore) {
  const checked = verifyEnvelopedSignature(xml, nodes.signature, nodes.infNFeId);
  if (!checked.ok || !signedDataMatches(checked.signature.signedXml, parsed))
    return { verification: fail('issuer', NFE_TRUST_REASONS.signatureMismatch) };
  const { signer, carried } = checked.signature;
  const chain = buildChain(signer, carried, store, new Date(parsed.issuedAt));
  if (!chain.ok)
    return {
      verification: fail(
        'issuer',
        chain.reason === 'expired' ? NFE_TRUST_REASONS.expired : NFE_TRUST_REASONS.untrusted,
      ),
    };
  // The company root (the CNPJ's first 8 characters): a branch's note may be signed with the head office's e-CNPJ.
  const holder = certificateCnpj(signer);
  if (!holder || holder.slice(0, 8) !== parsed.issuerCnpj.slice(0, 8))
    return { verification: fail('issuer', NFE_TRUST_REASONS.otherCnpj) };
  return { signature: checked.signature };
}

/** protNFe/infProt as the SEFAZ wrote it: read from its signed bytes when the protocol is signed. */
function protocolFields(xml: string, nodes: NfeNodes, store: NfeTrustStore, at: Date) {
  const { infProt, protocolSignature } = nodes;
  if (!infProt) return null;
  if (!protocolSignature) return infProt;
  const id = infProt.getAttribute('Id') ?? '';
  const checked = id ? verifyEnvelopedSignature(xml, protocolSignature, id) : { ok: false as const };
  if (!checked.ok) return null;
  if (!buildChain(checked.signature.signer, checked.signature.carried, store, at).ok) return null;
  return parseDom(checked.signature.signedXml)?.documentElement ?? null;
}

function authorisationProof(
  xml: string,
  nodes: NfeNodes,
  parsed: NfeData,
  signature: VerifiedSignature,
  store: NfeTrustStore,
): NfeVerification {
  const signedKey = nodes.infNFeId.slice(3);
  const receivedAt = nodes.infProt ? childText(nodes.infProt, 'dhRecbto') : null;
  const at = receivedAt && !Number.isNaN(Date.parse(receivedAt)) ? new Date(receivedAt) : new Date(parsed.issuedAt);
  const infProt = protocolFields(xml, nodes, store, at);
  if (!infProt || childText(infProt, 'cStat') !== AUTHORISED)
    return fail('authorisation', NFE_TRUST_REASONS.notAuthorised);
  if (childText(infProt, 'chNFe') !== signedKey || parsed.accessKey !== signedKey)
    return fail('authorisation', NFE_TRUST_REASONS.otherInvoice);
  if (childText(infProt, 'digVal') !== signature.digestValue)
    return fail('authorisation', NFE_TRUST_REASONS.otherInvoice);
  return { ok: true };
}

/**
 * Both proofs of `xml`, whose reading by common/invoices/nfe-xml.ts is `parsed`. `store` is the club's trust store for
 * members' sends (NFE_TRUSTED_ROOTS or the shipped ICP-Brasil set), or the demo's root passed by the seed.
 */
export function verifyNfe(xml: string, parsed: NfeData, store: NfeTrustStore): NfeVerification {
  try {
    return verifyBothProofs(xml, parsed, store);
  } catch {
    // Whatever a library throws on a file built to break it is no proof: a person looks at it, and the member
    // reads "Em análise", never the error.
    return fail('issuer', NFE_TRUST_REASONS.signatureMismatch);
  }
}

function verifyBothProofs(xml: string, parsed: NfeData, store: NfeTrustStore): NfeVerification {
  const doc = parseDom(xml);
  const structure = doc ? readNfeStructure(doc) : ({ ok: false, problem: 'tampered' } as const);
  if (!structure.ok)
    return fail(
      'issuer',
      structure.problem === 'unsigned' ? NFE_TRUST_REASONS.unsigned : NFE_TRUST_REASONS.signatureMismatch,
    );
  const issuer = issuerProof(xml, structure.nodes, parsed, store);
  if (issuer.verification) return issuer.verification;
  return authorisationProof(xml, structure.nodes, parsed, issuer.signature, store);
}
