import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig as load, recordServedUrl, servedUrlOf } from './config';
import { makeTestPki, type TestPki } from './test/tls-certificates';

/** loadConfig over a plain set of variables, as a shell would give them. */
const loadConfig = (env: Record<string, string>) => load(env as NodeJS.ProcessEnv);

let dataDir: string;
beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'clube-config-'))));
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET = 's'.repeat(40);

describe('loadConfig', () => {
  it('without PUBLIC_URL, links use the address the running server recorded, not the terminal’s own PORT', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).publicUrl).toBe('http://localhost:3000');
    recordServedUrl(dataDir, servedUrlOf('0.0.0.0', 4123));
    expect(loadConfig({ DATA_DIR: dataDir }).publicUrl).toBe('http://localhost:4123');
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://clube.exemplo.com.br/' }).publicUrl).toBe(
      'https://clube.exemplo.com.br',
    );
    expect(servedUrlOf('127.0.0.1', 5000)).toBe('http://127.0.0.1:5000');
  });

  it('keeps SQLite in DATA_DIR by default, with the demo members', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(dataDir, 'club.sqlite') });
    expect(config.demoData).toBe(true);
  });

  it('runs on PostgreSQL with DATABASE_URL, without demo members unless asked', () => {
    const url = 'postgres://clube:senha@db.interno:5432/clube';
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, JWT_SECRET: SECRET });
    expect(config.database).toEqual({ kind: 'postgres', url });
    expect(config.demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, JWT_SECRET: SECRET, DEMO_DATA: 'true' }).demoData).toBe(
      true,
    );
  });

  it('under NODE_ENV=production seeds the demo accounts only from an explicit DEMO_DATA=true, and says when it refused', () => {
    const production = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(production).toMatchObject({ demoData: false, demoDataRefused: true });
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DEMO_DATA: 'true' })).toMatchObject({
      demoData: true,
      demoDataRefused: false,
    });
    // Turned off by name, or on PostgreSQL where the default was already off: nothing to tell.
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DEMO_DATA: 'false' }).demoDataRefused).toBe(false);
    const postgres = { DATABASE_URL: 'postgres://clube@db/clube', JWT_SECRET: SECRET };
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', ...postgres })).toMatchObject({
      demoData: false,
      demoDataRefused: false,
    });
    // Development keeps the README's demo logins.
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }).demoData).toBe(true);
  });

  it('refuses PostgreSQL without an explicit JWT_SECRET, which every process must share', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgresql://localhost/clube' })).toThrow(
      /defina JWT_SECRET ao usar PostgreSQL/,
    );
  });

  it('reads sqlite: URLs as files', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${dataDir}/outro.sqlite` }).database).toEqual({
      kind: 'sqlite',
      file: `${dataDir}/outro.sqlite`,
    });
  });
});

describe('the points partner settings', () => {
  const PARTNER = {
    POINTS_PARTNER_URL: 'https://api.parceiro.test/v1/',
    POINTS_PARTNER_TOKEN: 't'.repeat(20),
    POINTS_PARTNER_CALLBACK_SECRET: 'c'.repeat(40),
  };

  it('uses the embedded partner when none is set, under the default name', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.pointsPartner).toBeUndefined();
    expect(config.pointsPartnerName).toBe('Programa Parceiro');
  });

  it('takes the URL (without its trailing slash), the token, the callback secret and the program’s name', () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...PARTNER, POINTS_PARTNER_NAME: ' Voa Mais ' });
    expect(config.pointsPartner).toEqual({
      url: 'https://api.parceiro.test/v1',
      token: 't'.repeat(20),
      callbackSecret: 'c'.repeat(40),
    });
    expect(config.pointsPartnerName).toBe('Voa Mais');
  });

  it('refuses one setting without the others, a short secret and a URL that is not http', () => {
    for (const missing of Object.keys(PARTNER)) {
      const env = { DATA_DIR: dataDir, ...PARTNER } as Record<string, string>;
      delete env[missing];
      expect(() => loadConfig(env)).toThrow(/defina os três/);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, ...PARTNER, POINTS_PARTNER_CALLBACK_SECRET: 'curto' })).toThrow(
      /POINTS_PARTNER_CALLBACK_SECRET precisa ter pelo menos 32 caracteres/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...PARTNER, POINTS_PARTNER_URL: 'ftp://parceiro.test' })).toThrow(
      /POINTS_PARTNER_URL deve começar com http/,
    );
  });

  it('generates the VAPID pair once on the embedded default and keeps it in DATA_DIR; takes it from the settings', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).vapid!;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('mailto:nao-responda@clubedomarceneiro.com.br');
    expect(loadConfig({ DATA_DIR: dataDir }).vapid).toEqual(first);
    expect(statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);

    // A pair kept with a 31-byte private key (one in 256 was made so) is read back as the same key at 32 bytes.
    const shortKey = Buffer.alloc(31, 9).toString('base64url');
    writeFileSync(
      path.join(dataDir, 'vapid-keys.json'),
      JSON.stringify({ publicKey: first.publicKey, privateKey: shortKey }),
    );
    expect(loadConfig({ DATA_DIR: dataDir }).vapid).toEqual({
      ...first,
      privateKey: Buffer.concat([Buffer.alloc(1), Buffer.alloc(31, 9)]).toString('base64url'),
    });

    const given = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(loadConfig({ DATA_DIR: dataDir, ...given, VAPID_SUBJECT: 'https://clube.test/contato' }).vapid).toEqual({
      publicKey: given.VAPID_PUBLIC_KEY,
      privateKey: given.VAPID_PRIVATE_KEY,
      subject: 'https://clube.test/contato',
    });
    // PostgreSQL without keys sends no push: a pair made on one process's disk would differ from the others'.
    const url = 'postgres://clube:senha@db.interno:5432/clube';
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, JWT_SECRET: SECRET }).vapid).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: given.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY: defina as duas/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: 'clube@exemplo.com' })).toThrow(
      /VAPID_SUBJECT deve ser um endereço mailto: ou uma URL https:\/\//,
    );
  });
});

describe('the SEFAZ status query settings', () => {
  let pki: TestPki;
  beforeAll(() => (pki = makeTestPki()));
  afterAll(() => pki.remove());

  const URL = 'https://nfe.svrs.rs.gov.br/ws/NfeConsulta/NfeConsulta4.asmx';
  const pfx = () => ({
    SEFAZ_STATUS_URL: URL,
    SEFAZ_CERT_PFX: pki.client.pfxFile,
    SEFAZ_CERT_PASSWORD: pki.client.password,
  });

  it('is off by default, and a certificate without the URL is refused rather than silently unused', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).sefazStatus).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir, SEFAZ_CERT_PFX: pki.client.pfxFile })).toThrow(
      /SEFAZ_STATUS_URL: defina a URL da consulta à Sefaz/,
    );
  });

  it('reads the A1 certificate as PKCS#12 with its password, in production unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ...pfx() }).sefazStatus).toEqual({
      url: URL,
      environment: 1,
      clientCertificate: { pfx: pki.client.pfx, password: pki.client.password },
      ca: undefined,
    });
    const homologation = loadConfig({ DATA_DIR: dataDir, ...pfx(), SEFAZ_ENVIRONMENT: '2', SEFAZ_CA: pki.ca.certFile });
    expect(homologation.sefazStatus).toMatchObject({ environment: 2, ca: pki.ca.cert });
  });

  it('reads the certificate as a PEM key and chain', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEFAZ_STATUS_URL: URL,
      SEFAZ_CERT_KEY: pki.client.keyFile,
      SEFAZ_CERT_PEM: pki.client.certFile,
    });
    expect(config.sefazStatus?.clientCertificate).toEqual({
      key: pki.client.key,
      cert: pki.client.cert,
      password: undefined,
    });
  });

  it('stops the start on a certificate that would fail every night', () => {
    const start = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(start({ ...pfx(), SEFAZ_STATUS_URL: 'http://nfe.svrs.rs.gov.br/ws' })).toThrow(
      /SEFAZ_STATUS_URL deve começar com https:\/\//,
    );
    expect(start({ ...pfx(), SEFAZ_CERT_PASSWORD: 'outra-senha' })).toThrow(
      /SEFAZ_CERT_PFX: o certificado não abre com SEFAZ_CERT_PASSWORD/,
    );
    expect(start({ SEFAZ_STATUS_URL: URL, SEFAZ_CERT_PFX: pki.client.pfxFile })).toThrow(
      /SEFAZ_CERT_PASSWORD: defina a senha/,
    );
    expect(
      start({ SEFAZ_STATUS_URL: URL, SEFAZ_CERT_KEY: pki.stranger.keyFile, SEFAZ_CERT_PEM: pki.client.certFile }),
    ).toThrow(/a chave não é a do certificado/);
    expect(start({ SEFAZ_STATUS_URL: URL })).toThrow(/defina o certificado A1 do clube/);
    expect(start({ ...pfx(), SEFAZ_CERT_PFX: path.join(dataDir, 'nao-existe.pfx') })).toThrow(
      /SEFAZ_CERT_PFX: não foi possível ler o arquivo/,
    );
    expect(start({ ...pfx(), SEFAZ_CA: pki.client.keyFile })).toThrow(/SEFAZ_CA: o arquivo precisa ter certificados/);
    expect(start({ ...pfx(), SEFAZ_ENVIRONMENT: '3' })).toThrow(/SEFAZ_ENVIRONMENT: 1 \(produção\) ou 2/);
  });
});

describe('the outbound settings', () => {
  it('adds push services by name or by origin, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).pushServices).toEqual({ hosts: [], origins: [] });
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUSH_SERVICE_HOSTS:
        ' push.exemplo.com.br, *.Push.Interno.com.br ,https://push.interno:8443/, http://127.0.0.1:9000',
    });
    expect(config.pushServices).toEqual({
      hosts: ['push.exemplo.com.br', '*.push.interno.com.br'],
      origins: ['https://push.interno:8443', 'http://127.0.0.1:9000'],
    });
    for (const entry of [
      '127.0.0.1',
      '[::1]',
      'https://push.interno/caminho',
      'ftp://push.interno',
      'push_interno',
      '*',
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PUSH_SERVICE_HOSTS: entry })).toThrow(
        `PUSH_SERVICE_HOSTS: "${entry}" não é um host`,
      );
    }
  });

  it('takes the operator’s private origins, and an http partner or SMS gateway only among them', () => {
    const partner = {
      POINTS_PARTNER_URL: 'http://10.0.0.5:4010/api',
      POINTS_PARTNER_TOKEN: 't'.repeat(20),
      POINTS_PARTNER_CALLBACK_SECRET: 'c'.repeat(40),
    };
    expect(() => loadConfig({ DATA_DIR: dataDir, ...partner })).toThrow(
      'POINTS_PARTNER_URL: http:// só para um serviço da sua própria rede, com http://10.0.0.5:4010 em OUTBOUND_PRIVATE_ORIGINS',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SMS_API_URL: 'http://sms.exemplo.com.br/envio' })).toThrow(
      'SMS_API_URL: http:// só para um serviço da sua própria rede',
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...partner,
      OUTBOUND_PRIVATE_ORIGINS: 'http://10.0.0.5:4010, https://sms.interno:8443/',
    });
    expect(config.outbound).toEqual({ privateOrigins: ['http://10.0.0.5:4010', 'https://sms.interno:8443'] });
    expect(() => loadConfig({ DATA_DIR: dataDir, OUTBOUND_PRIVATE_ORIGINS: '10.0.0.5' })).toThrow(
      'OUTBOUND_PRIVATE_ORIGINS: "10.0.0.5" não é uma origem',
    );
  });
});

describe('the automatic approval settings', () => {
  it('caps an invoice at 5000 points and a member’s month at 20000 by default, and trusts no file of its own', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      autoApprovalMaxPoints: 5000,
      autoApprovalMaxPointsMonth: 20_000,
      nfeTrustedRoots: undefined,
    });
  });

  it('takes other ceilings and a trust store file, and refuses a ceiling that is no whole number of points', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      AUTO_APPROVAL_MAX_POINTS: '0',
      AUTO_APPROVAL_MAX_POINTS_MONTH: '100000',
      NFE_TRUSTED_ROOTS: 'certificados/homologacao.pem',
    });
    expect(config).toMatchObject({
      autoApprovalMaxPoints: 0,
      autoApprovalMaxPointsMonth: 100_000,
      nfeTrustedRoots: path.resolve('certificados/homologacao.pem'),
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, AUTO_APPROVAL_MAX_POINTS: '-1' })).toThrow(
      /AUTO_APPROVAL_MAX_POINTS: um número inteiro/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, AUTO_APPROVAL_MAX_POINTS_MONTH: '1,5' })).toThrow(
      /AUTO_APPROVAL_MAX_POINTS_MONTH/,
    );
  });
});

describe('the WhatsApp notice template', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'clube-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is none by default; named, it goes in pt_BR unless another language is given; a bad name is refused', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).whatsapp.noticeTemplate).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, WHATSAPP_NOTICE_TEMPLATE: 'clube_aviso' }).whatsapp.noticeTemplate).toEqual({
      name: 'clube_aviso',
      language: 'pt_BR',
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, WHATSAPP_NOTICE_TEMPLATE: 'clube_aviso', WHATSAPP_TEMPLATE_LANGUAGE: 'pt_PT' })
        .whatsapp.noticeTemplate,
    ).toEqual({ name: 'clube_aviso', language: 'pt_PT' });
    expect(() => loadConfig({ DATA_DIR: dataDir, WHATSAPP_NOTICE_TEMPLATE: 'Clube Aviso' })).toThrow(
      /WHATSAPP_NOTICE_TEMPLATE: o nome do modelo aprovado na Meta/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, WHATSAPP_TEMPLATE_LANGUAGE: 'português' })).toThrow(
      /WHATSAPP_TEMPLATE_LANGUAGE/,
    );
  });
});
