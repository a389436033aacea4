import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { normalizeAccessKey, parseAccessKey } from '../validation/access-key';
import { toGtin14 } from '../validation/gtin';

/**
 * Reads the parts of an NF-e / NFC-e XML the club needs. Runs in the browser (an XML file fills the key by itself)
 * and on the API (the file is read again there: the browser's reading is never trusted).
 */

export interface NfeItem {
  description: string;
  /** As written in the XML (qCom), e.g. "2.0000". */
  quantity: string;
  unit: string;
  /** vProd: the line's gross value. */
  totalCents: number;
  /** vDesc, the line's discount (0 when absent): what was paid for it is totalCents − discountCents. */
  discountCents?: number;
  /** GTIN-14 of cEAN, else of cEANTrib; null for "SEM GTIN" or a code that is no valid GTIN. */
  gtin?: string | null;
}

export interface NfeData {
  accessKey: string;
  issuerCnpj: string;
  issuerName: string;
  /** The buyer's CPF (11 digits) or CNPJ (14), or null when the invoice names no buyer. */
  buyerDocument: string | null;
  buyerName: string | null;
  /** ISO timestamp of dhEmi (or dEmi for old layouts). */
  issuedAt: string;
  totalCents: number;
  items: NfeItem[];
}

export type NfeParseResult = { ok: true; data: NfeData } | { ok: false; message: string };

export const NFE_XML_MESSAGES = {
  malformed: 'O XML da nota está corrompido ou incompleto. Baixe o arquivo de novo no site da Sefaz ou da loja.',
  notNfe: 'Este XML não é de uma NF-e ou NFC-e. Envie o XML da nota fiscal de compra.',
  badKey: 'A chave de acesso dentro do XML é inválida.',
  doctype:
    'O XML da nota não pode ter DOCTYPE nem entidades. Envie o XML original da NF-e, como a Sefaz ou a loja entregou.',
  missing: (what: string) => `O XML da nota não tem ${what}.`,
} as const;

/** Items kept from one invoice: the NF-e layout's own limit (nItem goes to 990), so every line can earn points. */
export const MAX_ITEMS = 990;

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;

const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  return node && typeof node['#text'] === 'string' ? node['#text'].trim() : undefined;
};

/** "1234.56" → 123456, without going through floating point. */
export function decimalToCents(value: string | undefined): number | null {
  if (value === undefined || !/^\d+(\.\d+)?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  // Half-up on the third decimal, which NF-e values never carry but quantities times prices might.
  return Number(fraction[2] ?? '0') >= 5 ? cents + 1 : cents;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => name === 'det',
});

export function parseNfeXml(xml: string): NfeParseResult {
  // The NF-e schema has no DTD: a DOCTYPE or an entity (external ones read files, nested ones multiply) is refused
  // before any parser sees it, whatever the parser would do with it.
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) return { ok: false, message: NFE_XML_MESSAGES.doctype };
  if (XMLValidator.validate(xml) !== true) return { ok: false, message: NFE_XML_MESSAGES.malformed };
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    return { ok: false, message: NFE_XML_MESSAGES.malformed };
  }
  const proc = asNode(doc['nfeProc']);
  const nfe = asNode(proc ? proc['NFe'] : doc['NFe']);
  const inf = asNode(nfe?.['infNFe']);
  if (!inf) return { ok: false, message: NFE_XML_MESSAGES.notNfe };

  const protocolKey = text(asNode(asNode(proc?.['protNFe'])?.['infProt'])?.['chNFe']);
  const idKey = typeof inf['@Id'] === 'string' ? normalizeAccessKey(inf['@Id']) : undefined;
  const key = parseAccessKey(protocolKey ?? idKey ?? '');
  if (!key.ok) return { ok: false, message: NFE_XML_MESSAGES.badKey };

  const ide = asNode(inf['ide']);
  const emit = asNode(inf['emit']);
  const dest = asNode(inf['dest']);
  const total = asNode(asNode(inf['total'])?.['ICMSTot']);
  const issuerCnpj = text(emit?.['CNPJ']) ?? text(emit?.['CPF']);
  if (!issuerCnpj) return { ok: false, message: NFE_XML_MESSAGES.missing('o CNPJ do emitente') };
  const issued = text(ide?.['dhEmi']) ?? text(ide?.['dEmi']);
  const issuedAt = issued ? new Date(issued.length === 10 ? `${issued}T12:00:00-03:00` : issued) : null;
  if (!issuedAt || Number.isNaN(issuedAt.getTime()))
    return { ok: false, message: NFE_XML_MESSAGES.missing('a data de emissão') };
  const totalCents = decimalToCents(text(total?.['vNF']));
  if (totalCents === null) return { ok: false, message: NFE_XML_MESSAGES.missing('o valor total') };

  const details = Array.isArray(inf['det']) ? (inf['det'] as unknown[]) : [];
  const items = details.slice(0, MAX_ITEMS).map((det) => {
    const prod = asNode(asNode(det)?.['prod']);
    return {
      description: (text(prod?.['xProd']) ?? '').slice(0, 200),
      quantity: (text(prod?.['qCom']) ?? '').slice(0, 20),
      unit: (text(prod?.['uCom']) ?? '').slice(0, 10),
      totalCents: decimalToCents(text(prod?.['vProd'])) ?? 0,
      discountCents: decimalToCents(text(prod?.['vDesc'])) ?? 0,
      gtin: toGtin14(text(prod?.['cEAN'])) ?? toGtin14(text(prod?.['cEANTrib'])),
    };
  });

  return {
    ok: true,
    data: {
      accessKey: key.info.key,
      issuerCnpj: issuerCnpj.toUpperCase(),
      issuerName: (text(emit?.['xFant']) || text(emit?.['xNome']) || '').slice(0, 200),
      buyerDocument: text(dest?.['CPF']) ?? text(dest?.['CNPJ'])?.toUpperCase() ?? null,
      buyerName: text(dest?.['xNome'])?.slice(0, 200) ?? null,
      issuedAt: issuedAt.toISOString(),
      totalCents,
      items,
    },
  };
}

/** What a real NF-e item carries besides what the club reads: trade units, then ICMS, PIS and COFINS. */
const FULL_ITEM_TAIL =
  '<vUnCom>94.95</vUnCom><cEANTrib>SEM GTIN</cEANTrib><uTrib>UN</uTrib><qTrib>2.0000</qTrib><vUnTrib>94.95</vUnTrib><indTot>1</indTot>';
const FULL_ITEM_TAXES =
  '<imposto><vTotTrib>45.12</vTotTrib><ICMS><ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>189.90</vBC><pICMS>18.00</pICMS><vICMS>34.18</vICMS></ICMS00></ICMS>' +
  '<PIS><PISAliq><CST>01</CST><vBC>189.90</vBC><pPIS>1.65</pPIS><vPIS>3.13</vPIS></PISAliq></PIS>' +
  '<COFINS><COFINSAliq><CST>01</CST><vBC>189.90</vBC><pCOFINS>7.60</pCOFINS><vCOFINS>14.43</vCOFINS></COFINSAliq></COFINS></imposto>';

/** One product line of sampleNfeXml. */
export interface SampleNfeItem {
  description: string;
  quantity: string;
  unit: string;
  /** vProd, e.g. "120.50". */
  total: string;
  /** cEAN; "SEM GTIN" when absent. */
  gtin?: string;
  /** vDesc, e.g. "10.00". */
  discount?: string;
}

/** The GTIN of the default sample item: the catalogue's Chapa MDF Branco TX 18 mm, so a sample earns its base points. */
export const SAMPLE_ITEM_GTIN = '7893216101004';

/**
 * A minimal, well-formed NF-e XML for fixtures, tests and the benchmark. Without `protocol: false` it ends with a
 * protNFe holding only the key, as a hand-typed file would; a signed one gets its protocol from the signer.
 */
export function sampleNfeXml(options: {
  accessKey: string;
  issuerCnpj: string;
  buyerCpf: string;
  issuedAt: string;
  total: string;
  issuerName?: string;
  items?: readonly SampleNfeItem[];
  /** Each item with the fields and taxes a real NF-e writes (about 40 elements), for the benchmark's sizes. */
  fullItems?: boolean;
  protocol?: boolean;
}): string {
  const items = options.items ?? [
    { description: 'Chapa MDF 18mm', quantity: '2.0000', unit: 'UN', total: options.total, gtin: SAMPLE_ITEM_GTIN },
  ];
  const details = items
    .map(
      (item, i) =>
        `<det nItem="${i + 1}"><prod><cProd>${i + 1}</cProd>${item.gtin || options.fullItems ? `<cEAN>${item.gtin ?? 'SEM GTIN'}</cEAN>` : ''}<xProd>${item.description}</xProd>${options.fullItems ? '<NCM>44111200</NCM><CFOP>5102</CFOP>' : ''}<qCom>${item.quantity}</qCom><uCom>${item.unit}</uCom><vProd>${item.total}</vProd>${item.discount ? `<vDesc>${item.discount}</vDesc>` : ''}${options.fullItems ? FULL_ITEM_TAIL : ''}</prod>${options.fullItems ? FULL_ITEM_TAXES : ''}</det>`,
    )
    .join('\n      ');
  const protocol =
    options.protocol === false
      ? ''
      : `\n  <protNFe versao="4.00"><infProt><chNFe>${options.accessKey}</chNFe></infProt></protNFe>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">
  <NFe>
    <infNFe Id="NFe${options.accessKey}" versao="4.00">
      <ide><cUF>${options.accessKey.slice(0, 2)}</cUF><mod>${options.accessKey.slice(20, 22)}</mod><dhEmi>${options.issuedAt}</dhEmi></ide>
      <emit><CNPJ>${options.issuerCnpj}</CNPJ><xNome>${options.issuerName ?? 'Loja de Madeiras Ltda'}</xNome></emit>
      <dest><CPF>${options.buyerCpf}</CPF><xNome>Comprador</xNome></dest>
      ${details}
      <total><ICMSTot><vNF>${options.total}</vNF></ICMSTot></total>
    </infNFe>
  </NFe>${protocol}
</nfeProc>`;
}
