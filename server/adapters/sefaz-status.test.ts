import { createSecureContext, rootCertificates } from 'node:tls';
import { withCheckDigit } from '../../common/validation/access-key';
import type { SefazStatusSettings } from '../config';
import {
  CONSULTA_NAMESPACE as CONSULTA,
  procEvento,
  retConsSitNFe,
  SEFAZ_ANSWERS,
  soapEnvelope,
  startFakeSefaz,
  type FakeSefaz,
  type FakeSefazAnswer,
} from '../test/fake-sefaz';
import { makeTestPki, type TestPki } from '../test/tls-certificates';
import { postSoap, sefazStatusClient, type SefazKeyStatus, type SefazStatusQuery } from './sefaz-status';

/**
 * The status query against a SEFAZ the test runs: a real HTTPS server that requires a client certificate signed by
 * its root, reads the key out of the SOAP body and answers the canned envelopes of the contract.
 */

const NFE = 'http://www.portalfiscal.inf.br/nfe';

const keyOf = (n: number) =>
  withCheckDigit(`3526115871652300011955001${String(n).padStart(9, '0')}1${String(10_000_000 + n)}`);
const KEYS = {
  authorised: keyOf(1),
  cancelled: keyOf(2),
  viaEvent: keyOf(3),
  late: keyOf(4),
  correction: keyOf(5),
  notFound: keyOf(6),
  overused: keyOf(7),
  html: keyOf(8),
  doctype: keyOf(9),
  otherKey: keyOf(10),
  fault: keyOf(11),
  slow: keyOf(12),
};

const ok = (body: string): FakeSefazAnswer => ({ status: 200, body });
const CANCEL = 'Cancelamento';
const ANSWERS: Record<string, FakeSefazAnswer> = {
  [KEYS.authorised]: ok(SEFAZ_ANSWERS.authorised(KEYS.authorised)),
  [KEYS.cancelled]: ok(SEFAZ_ANSWERS.cancelled(KEYS.cancelled)),
  [KEYS.viaEvent]: ok(
    retConsSitNFe(KEYS.viaEvent, 100, 'Autorizado o uso da NF-e', {
      events: procEvento(KEYS.viaEvent, '110111', 135, CANCEL),
    }),
  ),
  [KEYS.late]: ok(
    retConsSitNFe(KEYS.late, 155, 'Cancelamento homologado fora de prazo', {
      events: procEvento(KEYS.late, '110111', 155, CANCEL),
    }),
  ),
  [KEYS.correction]: ok(
    retConsSitNFe(KEYS.correction, 100, 'Autorizado o uso da NF-e', {
      events: procEvento(KEYS.correction, '110110', 135, 'Carta de Correcao'),
    }),
  ),
  [KEYS.notFound]: ok(SEFAZ_ANSWERS.notFound(KEYS.notFound)),
  [KEYS.overused]: ok(retConsSitNFe(KEYS.overused, 656, 'Rejeição: Consumo Indevido', { authorised: false })),
  [KEYS.html]: ok('<html><body>Serviço temporariamente indisponível</body></html>'),
  [KEYS.doctype]: ok(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "101">]>${retConsSitNFe(KEYS.doctype, 100, '&x;')}`),
  [KEYS.otherKey]: ok(SEFAZ_ANSWERS.cancelled(KEYS.authorised)),
  [KEYS.fault]: {
    status: 500,
    body: soapEnvelope('<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code></soap:Fault>'),
  },
  [KEYS.slow]: 'hold',
};

let pki: TestPki;
let sefaz: FakeSefaz;
let url: string;
let seen: FakeSefaz['seen'];

beforeAll(async () => {
  pki = makeTestPki();
  sefaz = await startFakeSefaz(pki, (key) => ANSWERS[key] ?? { status: 400, body: '' });
  url = sefaz.url;
  seen = sefaz.seen;
});
afterAll(async () => {
  await sefaz.close();
  pki.remove();
});
beforeEach(() => (seen.length = 0));

const settings = (overrides: Partial<SefazStatusSettings> = {}): SefazStatusSettings => ({
  url,
  environment: 2,
  clientCertificate: { pfx: pki.client.pfx, password: pki.client.password },
  ca: pki.ca.cert,
  ...overrides,
});

/** The fake SEFAZ listens on this machine: the operator's own origin, as OUTBOUND_PRIVATE_ORIGINS would name it. */
const outbound = () => ({ privateOrigins: [new URL(url).origin] });

let club: SefazStatusQuery | undefined;
/** The club's client (made once: opening the PKCS#12 file is the slow part), or one with other settings. */
const ask = (key: string, options: Partial<SefazStatusSettings> = {}, timeoutMs = 5_000): Promise<SefazKeyStatus> =>
  Object.keys(options).length === 0 && timeoutMs === 5_000
    ? (club ??= sefazStatusClient(settings(), outbound())).status(key)
    : sefazStatusClient(settings(options), outbound(), { timeoutMs }).status(key);

describe('the SEFAZ status query (NfeConsultaProtocolo4)', () => {
  it('sends consSitNFe 4.00 in a SOAP 1.2 envelope with the A1 certificate, and reads an authorised NF-e', async () => {
    expect(await ask(KEYS.authorised)).toEqual({
      status: 'authorised',
      cStat: 100,
      reason: 'Autorizado o uso da NF-e',
    });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.contentType).toBe(`application/soap+xml; charset=utf-8; action="${CONSULTA}/nfeConsultaNF"`);
    expect(request!.body).toMatch(
      /^<\?xml version="1\.0" encoding="utf-8"\?><soap12:Envelope [^>]*xmlns:soap12="http:\/\/www\.w3\.org\/2003\/05\/soap-envelope">/,
    );
    expect(request!.body).toContain(
      `<soap12:Body><nfeDadosMsg xmlns="${CONSULTA}"><consSitNFe xmlns="${NFE}" versao="4.00"><tpAmb>2</tpAmb>` +
        `<xServ>CONSULTAR</xServ><chNFe>${KEYS.authorised}</chNFe></consSitNFe></nfeDadosMsg></soap12:Body>`,
    );
    expect(request!.clientCertificate).toBe('CLUBE DO MARCENEIRO LTDA:12345678000195');
  });

  it('asks for the environment of the settings and accepts the certificate as a PEM key and chain', async () => {
    const pem = { key: pki.client.key, cert: pki.client.cert, password: undefined };
    expect(await ask(KEYS.authorised, { environment: 1, clientCertificate: pem })).toMatchObject({
      status: 'authorised',
    });
    expect(seen[0]!.body).toContain('<tpAmb>1</tpAmb>');
    expect(seen[0]!.clientCertificate).toBe('CLUBE DO MARCENEIRO LTDA:12345678000195');
  });

  it('reads a cancellation: cStat 101, 155 after the deadline, or a registered cancellation event', async () => {
    expect(await ask(KEYS.cancelled)).toEqual({
      status: 'cancelled',
      cStat: 101,
      reason: 'Cancelamento de NF-e homologado',
    });
    expect(await ask(KEYS.late)).toMatchObject({ status: 'cancelled', cStat: 155 });
    expect(await ask(KEYS.viaEvent)).toMatchObject({ status: 'cancelled', cStat: 100 });
    // Another event (a correction letter) registered against the NF-e leaves it authorised.
    expect(await ask(KEYS.correction)).toMatchObject({ status: 'authorised', cStat: 100 });
  });

  it('reads an NF-e the SEFAZ does not know (217) and any other answer as unknown, with its reason', async () => {
    expect(await ask(KEYS.notFound)).toEqual({
      status: 'not_found',
      cStat: 217,
      reason: 'Rejeição: NF-e não consta na base de dados da SEFAZ',
    });
    expect(await ask(KEYS.overused)).toEqual({ status: 'unknown', cStat: 656, reason: 'Rejeição: Consumo Indevido' });
  });

  it('takes an answer outside the contract as unavailable: HTML, a DOCTYPE, another key, a SOAP fault', async () => {
    for (const key of [KEYS.html, KEYS.doctype, KEYS.otherKey, KEYS.fault]) {
      expect(await ask(key)).toMatchObject({ status: 'unavailable', cStat: null });
    }
    expect((await ask(KEYS.fault)).reason).toBe('HTTP 500');
    expect((await ask(KEYS.otherKey)).reason).toBe('resposta sobre outra chave');
  });

  it('gives up on a SEFAZ that does not answer within the time limit', async () => {
    const started = Date.now();
    expect(await ask(KEYS.slow, {}, 300)).toEqual({
      status: 'unavailable',
      cStat: null,
      reason: 'sem resposta (rede: sem resposta em 300 ms)',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('is unavailable when the TLS handshake fails: a client certificate the SEFAZ does not trust, or none', async () => {
    const stranger = { key: pki.stranger.key, cert: pki.stranger.cert, password: undefined };
    expect(await ask(KEYS.authorised, { clientCertificate: stranger })).toMatchObject({ status: 'unavailable' });
    const withoutCertificate = createSecureContext({ ca: [...rootCertificates, pki.ca.cert.toString()] });
    await expect(
      postSoap(
        { url, action: `${CONSULTA}/nfeConsultaNF`, body: '<x/>', tls: withoutCertificate, timeoutMs: 5_000 },
        outbound(),
      ),
    ).rejects.toThrow();
    expect(seen).toHaveLength(0);
  });

  it('checks the SEFAZ’s own certificate: a root outside Node’s and SEFAZ_CA is refused', async () => {
    expect(await ask(KEYS.authorised, { ca: undefined })).toMatchObject({ status: 'unavailable' });
    expect(await ask(KEYS.authorised, { ca: pki.stranger.cert })).toMatchObject({ status: 'unavailable' });
    expect(seen).toHaveLength(0);
  });
});
