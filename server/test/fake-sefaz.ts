import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { TestPki } from './tls-certificates';

/**
 * A SEFAZ NfeConsultaProtocolo4 service for tests: a real HTTPS server that requires a client certificate signed by
 * the test root, reads the access key out of the SOAP body and answers what the test says for that key, in the
 * envelopes the contract describes (docs/sefaz-status.md).
 */

export const CONSULTA_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeConsultaProtocolo4';
const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
const AT = '2026-11-20T10:15:30-03:00';

export const soapEnvelope = (inner: string) =>
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
  `<soap:Body><nfeResultMsg xmlns="${CONSULTA_NAMESPACE}">${inner}</nfeResultMsg></soap:Body></soap:Envelope>`;

const protNFe = (key: string) =>
  `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${key}</chNFe>` +
  `<dhRecbto>${AT}</dhRecbto><nProt>135260000000001</nProt><digVal>q0nTx8c0VvEf1yHqAbCdEfGhIjK=</digVal>` +
  '<cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>';

/** An event registered against the NF-e (110111 cancelamento, 110110 carta de correção…), as procEventoNFe. */
export const procEvento = (key: string, type: string, cStat: number, description: string) =>
  `<procEventoNFe versao="1.00"><evento versao="1.00"><infEvento Id="ID${type}${key}01"><cOrgao>35</cOrgao>` +
  `<tpAmb>2</tpAmb><CNPJ>58716523000119</CNPJ><chNFe>${key}</chNFe><dhEvento>${AT}</dhEvento>` +
  `<tpEvento>${type}</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento>` +
  `<detEvento versao="1.00"><descEvento>${description}</descEvento></detEvento></infEvento></evento>` +
  '<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>SP_EVENTOS_PL_100</verAplic><cOrgao>35</cOrgao>' +
  `<cStat>${cStat}</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${key}</chNFe>` +
  `<tpEvento>${type}</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>${AT}</dhRegEvento>` +
  '<nProt>135260000000002</nProt></infEvento></retEvento></procEventoNFe>';

/** retConsSitNFe about `key`, with the authorisation protocol when `authorised` and any events after it. */
export const retConsSitNFe = (key: string, cStat: number, reason: string, { authorised = true, events = '' } = {}) =>
  soapEnvelope(
    `<retConsSitNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic>` +
      `<cStat>${cStat}</cStat><xMotivo>${reason}</xMotivo><cUF>35</cUF><dhRecbto>${AT}</dhRecbto>` +
      `<chNFe>${key}</chNFe>${authorised ? protNFe(key) : ''}${events}</retConsSitNFe>`,
  );

export const SEFAZ_ANSWERS = {
  authorised: (key: string) => retConsSitNFe(key, 100, 'Autorizado o uso da NF-e'),
  cancelled: (key: string) =>
    retConsSitNFe(key, 101, 'Cancelamento de NF-e homologado', {
      events: procEvento(key, '110111', 135, 'Cancelamento'),
    }),
  notFound: (key: string) =>
    retConsSitNFe(key, 217, 'Rejeição: NF-e não consta na base de dados da SEFAZ', { authorised: false }),
};

export type FakeSefazAnswer = { readonly status: number; readonly body: string } | 'hold';

export interface SeenRequest {
  readonly contentType: string | undefined;
  readonly body: string;
  /** The CN of the client certificate the TLS handshake carried. */
  readonly clientCertificate: string;
}

export interface FakeSefaz {
  /** The service's address, as SEFAZ_STATUS_URL takes it. */
  readonly url: string;
  readonly seen: SeenRequest[];
  readonly close: () => Promise<void>;
}

/** Starts the service on 127.0.0.1; `answerFor` says what each key gets ('hold': no answer at all). */
export async function startFakeSefaz(pki: TestPki, answerFor: (key: string) => FakeSefazAnswer): Promise<FakeSefaz> {
  const seen: SeenRequest[] = [];
  const server = https.createServer(
    { key: pki.server.key, cert: pki.server.cert, ca: pki.ca.cert, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const socket = req.socket as TLSSocket;
        seen.push({
          contentType: req.headers['content-type'],
          body,
          clientCertificate: String(socket.getPeerCertificate().subject?.CN),
        });
        const answer = answerFor(/<chNFe>(\d{44})<\/chNFe>/.exec(body)?.[1] ?? '');
        if (answer === 'hold') return;
        res.writeHead(answer.status, { 'content-type': 'application/soap+xml; charset=utf-8' });
        res.end(answer.body);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/ws/NfeConsulta/NfeConsulta4.asmx`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
