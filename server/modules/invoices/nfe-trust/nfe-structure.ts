import { DOMParser } from '@xmldom/xmldom';

/**
 * The shape an authorised NF-e has, checked on the DOM before any signature is: one NFe holding one infNFe and the
 * issuer's Signature right after it (after infNFeSupl on an NFC-e), at most one protNFe beside it, and no other
 * Signature, infNFe or element reusing infNFe's Id anywhere. XMLDSig "wrapping" attacks hide a signed copy of the
 * data somewhere the verifier looks while the reader reads another: with exactly one of each, the infNFe the club
 * reads (common/invoices/nfe-xml.ts) can only be the one the signature covers.
 */

export const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** An NF-e holds at most 990 items (nItem 1 to 990, MOC 4.00). */
export const MAX_NFE_ITEMS = 990;
/**
 * Elements a real NF-e of 990 items stays well under (about 40 per item): the signature check scans the document
 * several times (xml-crypto's XPath), so a file padded with elements is refused before it costs seconds of CPU.
 */
const MAX_ELEMENTS = 60_000;

export interface NfeNodes {
  readonly infNFe: Element;
  readonly infNFeId: string;
  /** The issuer's signature: NFe's child right after infNFe (or infNFeSupl). */
  readonly signature: Element;
  readonly protNFe: Element | null;
  readonly infProt: Element | null;
  /** The authoriser's signature over infProt, when the protocol carries one. */
  readonly protocolSignature: Element | null;
}

export type StructureResult = { ok: true; nodes: NfeNodes } | { ok: false; problem: 'unsigned' | 'tampered' };

const elementsOf = (parent: Node): Element[] => {
  const found: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1) found.push(child as Element);
  }
  return found;
};

const allElements = (doc: Document): Element[] => Array.from(doc.getElementsByTagName('*'));

/** Elements whose Id, ID or id (any namespace) is `id`: the attributes XMLDSig libraries look a Reference up by. */
const withId = (elements: readonly Element[], id: string): Element[] =>
  elements.filter((element) =>
    Array.from(element.attributes).some(
      (attr) => ['Id', 'ID', 'id'].includes(attr.localName ?? attr.name) && attr.value === id,
    ),
  );

export function parseDom(xml: string): Document | null {
  let failed = false;
  const doc = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: () => void (failed = true),
      fatalError: () => void (failed = true),
    },
  }).parseFromString(xml, 'text/xml');
  return failed || !doc.documentElement ? null : doc;
}

export function readNfeStructure(doc: Document): StructureResult {
  const tampered = { ok: false, problem: 'tampered' } as const;
  const elements = allElements(doc);
  if (elements.length > MAX_ELEMENTS) return tampered;
  const named = (name: string) => elements.filter((element) => element.localName === name);
  if (named('det').length > MAX_NFE_ITEMS) return tampered;
  const [nfe, ...moreNfe] = named('NFe');
  const [infNFe, ...moreInf] = named('infNFe');
  const protocols = named('protNFe');
  const infProts = named('infProt');
  if (!nfe || !infNFe || moreNfe.length > 0 || moreInf.length > 0 || protocols.length > 1 || infProts.length > 1)
    return tampered;
  const root = doc.documentElement!;
  // Where common/invoices/nfe-xml.ts reads: nfeProc/NFe, or NFe alone.
  if (!(root === nfe || (root.localName === 'nfeProc' && nfe.parentNode === root))) return tampered;
  const protNFe = protocols[0] ?? null;
  if (protNFe && protNFe.parentNode !== root) return tampered;
  const infProt = infProts[0] ?? null;
  if (infProt && infProt.parentNode !== protNFe) return tampered;

  const infNFeId = infNFe.getAttribute('Id') ?? '';
  if (!/^NFe[0-9A-Z]{44}$/.test(infNFeId) || withId(elements, infNFeId).length !== 1) return tampered;

  const signatures = named('Signature');
  if (signatures.length === 0) return { ok: false, problem: 'unsigned' };
  // NFe holds infNFe, infNFeSupl on an NFC-e, then the Signature; nothing else, in no other order.
  const children = elementsOf(nfe).map((element) => element.localName);
  const expected = children[1] === 'infNFeSupl' ? ['infNFe', 'infNFeSupl', 'Signature'] : ['infNFe', 'Signature'];
  if (children.join() !== expected.join()) return tampered;
  const signature = elementsOf(nfe).at(-1)!;
  const protocolSignature = protNFe ? (elementsOf(protNFe).find((e) => e.localName === 'Signature') ?? null) : null;
  const placed = [signature, protocolSignature].filter((s): s is Element => s !== null);
  if (signatures.some((s) => !placed.includes(s)) || placed.some((s) => s.namespaceURI !== XMLDSIG_NS)) return tampered;
  return { ok: true, nodes: { infNFe, infNFeId, signature, protNFe, infProt, protocolSignature } };
}

/** The trimmed text of `parent`'s only child element named `name`, or null. */
export function childText(parent: Element, name: string): string | null {
  const matches = elementsOf(parent).filter((element) => element.localName === name);
  return matches.length === 1 ? (matches[0]!.textContent ?? '').trim() : null;
}

export { elementsOf };
