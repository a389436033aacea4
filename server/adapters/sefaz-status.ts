import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { OutboundSettings, SefazStatusSettings } from '../config';
import { outboundRequest } from './outbound';

/**
 * The SEFAZ's NF-e status query by access key (web service NFeConsultaProtocolo4, message consSitNFe 4.00, SOAP 1.2
 * over TLS with the club's A1 certificate as the client certificate). The contract is in docs/sefaz-status.md.
 */

/** What the SEFAZ says of a key, or that nothing could be learnt (no answer, or one outside the contract). */
export type SefazKeyStatus =
  | {
      readonly status: 'authorised' | 'cancelled' | 'not_found' | 'unknown';
      /** The answer's cStat (100, 101, 217…). */
      readonly cStat: number;
      /** The answer's xMotivo, as the SEFAZ wrote it. */
      readonly reason: string;
    }
  | { readonly status: 'unavailable'; readonly cStat: null; readonly reason: string };

/** The status query as the club's jobs use it. */
export interface SefazStatusQuery {
  status(accessKey: string): Promise<SefazKeyStatus>;
}

export const CONSULTA_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeConsultaProtocolo4';
export const CONSULTA_ACTION = `${CONSULTA_NAMESPACE}/nfeConsultaNF`;
const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
const SOAP12_NAMESPACE = 'http://www.w3.org/2003/05/soap-envelope';

/** The cancellation events: 110111 cancelamento, 110112 cancelamento por substituição (NFC-e). */
const CANCEL_EVENTS = new Set(['110111', '110112']);
/** An event the SEFAZ registered against the NF-e: 135 in time, 155 after the deadline. */
const EVENT_REGISTERED = new Set([135, 155]);
/** 100 authorised; 150 authorised after the deadline. */
const AUTHORISED = new Set([100, 150]);
/** 101 cancellation homologated; 151 the same after the deadline; 155 a cancellation event after the deadline. */
const CANCELLED = new Set([101, 151, 155]);
const NOT_FOUND = 217;

/** A retConsSitNFe with its events is a few kilobytes; anything near this is not one. */
const MAX_ANSWER_BYTES = 512 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;
const ACCESS_KEY = /^\d{44}$/;

/** The SOAP 1.2 envelope of consSitNFe 4.00 for one key. */
export function consultaEnvelope(accessKey: string, environment: 1 | 2): string {
  if (!ACCESS_KEY.test(accessKey)) throw new Error('consultaEnvelope: a 44-digit access key expected');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="${SOAP12_NAMESPACE}">` +
    '<soap12:Body>' +
    `<nfeDadosMsg xmlns="${CONSULTA_NAMESPACE}">` +
    `<consSitNFe xmlns="${NFE_NAMESPACE}" versao="4.00">` +
    `<tpAmb>${environment}</tpAmb><xServ>CONSULTAR</xServ><chNFe>${accessKey}</chNFe>` +
    '</consSitNFe>' +
    '</nfeDadosMsg>' +
    '</soap12:Body>' +
    '</soap12:Envelope>'
  );
}

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;

const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim();
  const node = asNode(value);
  return node && typeof node['#text'] === 'string' ? node['#text'].trim() : undefined;
};

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => name === 'procEventoNFe',
});

/** The first element named `name` within a few levels of `node` (SOAP wrappers differ between authorizers). */
function find(node: unknown, name: string, depth = 4): Node | undefined {
  const here = asNode(node);
  if (!here || depth < 0) return undefined;
  if (asNode(here[name])) return asNode(here[name]);
  for (const child of Object.values(here)) {
    const found = find(child, name, depth - 1);
    if (found) return found;
  }
  return undefined;
}

const outside = (why: string): SefazKeyStatus => ({ status: 'unavailable', cStat: null, reason: why });

/** Whether an event of the answer is a cancellation of this key that the SEFAZ registered. */
function isCancellation(procEvento: unknown, accessKey: string): boolean {
  const event = asNode(find(procEvento, 'evento', 1)?.['infEvento']);
  const answer = asNode(find(procEvento, 'retEvento', 1)?.['infEvento']);
  const type = text(answer?.['tpEvento']) ?? text(event?.['tpEvento']);
  const key = text(answer?.['chNFe']) ?? text(event?.['chNFe']);
  return (
    type !== undefined &&
    CANCEL_EVENTS.has(type) &&
    EVENT_REGISTERED.has(Number(text(answer?.['cStat']))) &&
    (key === undefined || key === accessKey)
  );
}

/** Reads the SEFAZ's answer (retConsSitNFe) about `accessKey`. */
export function readConsultaAnswer(xml: string, accessKey: string): SefazKeyStatus {
  // Nothing in the contract has a DTD: a DOCTYPE or an entity is refused before the parser sees it.
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) return outside('resposta com DOCTYPE ou entidades');
  if (XMLValidator.validate(xml) !== true) return outside('resposta que não é XML');
  const answer = find(parser.parse(xml) as unknown, 'retConsSitNFe', 6);
  const cStat = Number(text(answer?.['cStat']));
  if (!answer || !Number.isInteger(cStat) || cStat <= 0) return outside('resposta sem retConsSitNFe/cStat');
  const key = text(answer['chNFe']);
  if (key !== undefined && key !== '' && key !== accessKey) return outside('resposta sobre outra chave');
  const reason = (text(answer['xMotivo']) ?? '').slice(0, 255);
  const events = Array.isArray(answer['procEventoNFe']) ? (answer['procEventoNFe'] as unknown[]) : [];
  const cancelled = CANCELLED.has(cStat) || events.some((e) => isCancellation(e, accessKey));
  const status = cancelled
    ? 'cancelled'
    : AUTHORISED.has(cStat)
      ? 'authorised'
      : cStat === NOT_FOUND
        ? 'not_found'
        : 'unknown';
  return { status, cStat, reason };
}

export interface SoapRequest {
  readonly url: string;
  readonly action: string;
  readonly body: string;
  /** The client certificate and the CAs trusted for the server's. */
  readonly tls: SecureContext;
  readonly timeoutMs: number;
}

export interface SoapResponse {
  readonly status: number;
  readonly body: string;
}

/**
 * POSTs a SOAP 1.2 message over TLS through the outbound guard (the authorizer's address is judged like any other;
 * a private one only when its origin is in OUTBOUND_PRIVATE_ORIGINS); rejects on any refusal, network or TLS failure,
 * a timeout or an oversized answer.
 */
export async function postSoap(request: SoapRequest, outbound: OutboundSettings): Promise<SoapResponse> {
  const response = await outboundRequest(
    request.url,
    {
      method: 'POST',
      headers: { 'content-type': `application/soap+xml; charset=utf-8; action="${request.action}"` },
      body: Buffer.from(request.body, 'utf8'),
    },
    { ...outbound, secureContext: request.tls, timeoutMs: request.timeoutMs, maxBodyBytes: MAX_ANSWER_BYTES },
  );
  if (response.truncated) throw new Error('resposta grande demais');
  return { status: response.status, body: response.body.toString('utf8') };
}

/**
 * The TLS context of the settings, made once (opening a PKCS#12 file costs more than the handshake): the A1
 * certificate, and the extra CAs beside Node's own.
 */
export function sefazTls(settings: SefazStatusSettings): SecureContext {
  const cert = settings.clientCertificate;
  return createSecureContext({
    ...('pfx' in cert
      ? { pfx: cert.pfx, passphrase: cert.password }
      : { key: cert.key, cert: cert.cert, passphrase: cert.password }),
    ...(settings.ca ? { ca: [...rootCertificates, settings.ca.toString('utf8')] } : {}),
  });
}

/**
 * The query over HTTPS. No answer, an error status (a SOAP fault comes as 500) or an answer outside the contract is
 * "unavailable": nothing was learnt, and the caller asks again another day.
 */
export function sefazStatusClient(
  settings: SefazStatusSettings,
  outbound: OutboundSettings,
  { post = postSoap, timeoutMs = DEFAULT_TIMEOUT_MS }: { post?: typeof postSoap; timeoutMs?: number } = {},
): SefazStatusQuery {
  const tls = sefazTls(settings);
  return {
    async status(accessKey) {
      const body = consultaEnvelope(accessKey, settings.environment);
      let response: SoapResponse;
      try {
        response = await post({ url: settings.url, action: CONSULTA_ACTION, body, tls, timeoutMs }, outbound);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        return outside(`sem resposta (${code ?? (error as Error).message})`);
      }
      if (response.status < 200 || response.status >= 300) return outside(`HTTP ${response.status}`);
      return readConsultaAnswer(response.body, accessKey);
    },
  };
}
