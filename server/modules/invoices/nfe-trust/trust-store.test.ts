import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../config';
import { isSelfSigned, loadTrustStore, SHIPPED_TRUST_DIR } from './trust-store';

const DOC = path.resolve(__dirname, '../../../../docs/nfe-trust.md');
const DAY_MS = 24 * 60 * 60 * 1000;
/** The month before: a certificate about to expire must be renewed (docs/nfe-trust.md) while it still works. */
const RENEW_AHEAD_DAYS = 31;

/** The settings as a shell gives them: only the variables named. */
const configFrom = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv);
const shipped = (relative: string) => readFileSync(path.join(SHIPPED_TRUST_DIR, relative), 'latin1');
const cn = (certificate: X509Certificate) => /^CN=(.*)$/m.exec(certificate.subject)?.[1] ?? certificate.subject;

interface DocRow {
  readonly file: string;
  readonly role: 'root' | 'intermediate';
  readonly fingerprint: string;
}

/** The table of docs/nfe-trust.md: one row per shipped file, with its role and SHA-256 (cells padded or not). */
function documentedCertificates(): DocRow[] {
  return readFileSync(DOC, 'utf8')
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => /^`(roots|intermediates)\/[a-z0-9-]+\.pem`$/.test(cells[1] ?? ''))
    .map((cells) => ({
      file: cells[1]!.slice(1, -1),
      role: cells[3]!.startsWith('root') ? 'root' : 'intermediate',
      fingerprint: cells[7]!.slice(1, -1),
    }));
}

function shippedFiles(): { file: string; certificate: X509Certificate }[] {
  return ['roots', 'intermediates'].flatMap((folder) =>
    readdirSync(path.join(SHIPPED_TRUST_DIR, folder)).map((name) => {
      const file = `${folder}/${name}`;
      return { file, certificate: new X509Certificate(shipped(file)) };
    }),
  );
}

/** Certificates no longer valid `days` after `now`, by name, for a failure that says which to renew. */
function expiringWithin(certificates: X509Certificate[], days: number, now: number): string[] {
  return certificates
    .filter((certificate) => Date.parse(certificate.validTo) <= now + days * DAY_MS)
    .map((certificate) => `${cn(certificate)} (vence em ${new Date(certificate.validTo).toISOString().slice(0, 10)})`);
}

/** The intermediates that chain, by verified signatures, to one of the roots. */
function chainedToRoots(roots: X509Certificate[], intermediates: X509Certificate[]): Set<X509Certificate> {
  const trusted = new Set<X509Certificate>(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const candidate of intermediates) {
      if (trusted.has(candidate)) continue;
      const issuer = [...trusted].find((t) => candidate.checkIssued(t) && candidate.verify(t.publicKey));
      if (issuer) {
        trusted.add(candidate);
        grew = true;
      }
    }
  }
  return trusted;
}

describe('the shipped ICP-Brasil set', () => {
  const store = loadTrustStore();

  it('has the NF-e roots v5, v10 and v12 as its only roots, and every other file as an intermediate', () => {
    expect(store.roots.map(cn).sort()).toEqual([
      'Autoridade Certificadora Raiz Brasileira v10',
      'Autoridade Certificadora Raiz Brasileira v12',
      'Autoridade Certificadora Raiz Brasileira v5',
    ]);
    const files = shippedFiles();
    const rootFiles = files.filter((f) => f.file.startsWith('roots/'));
    expect(rootFiles.every((f) => isSelfSigned(f.certificate))).toBe(true);
    expect(store.intermediates).toHaveLength(files.length - rootFiles.length);
    expect(store.intermediates.some(isSelfSigned)).toBe(false);
    expect(store.intermediates.map(cn)).toEqual(
      expect.arrayContaining(['AC Secretaria da Receita Federal do Brasil v4', 'AC SAFEWEB RFB v5']),
    );
  });

  it('is exactly the table of docs/nfe-trust.md, each file with the SHA-256 written there', () => {
    const documented = documentedCertificates();
    const actual = shippedFiles().map(({ file, certificate }): DocRow => ({
      file,
      role: file.startsWith('roots/') ? 'root' : 'intermediate',
      fingerprint: certificate.fingerprint256,
    }));
    const byFile = (a: DocRow, b: DocRow) => a.file.localeCompare(b.file);
    expect([...documented].sort(byFile)).toEqual([...actual].sort(byFile));
    expect(documented.filter((r) => r.role === 'root').map((r) => r.fingerprint)).toContain(
      '6E:0B:FF:06:9A:26:99:4C:15:DE:2C:48:88:CC:54:AF:84:88:2E:54:95:B7:FB:F6:6B:E9:CC:FF:EC:74:89:F6',
    );
  });

  it('chains every intermediate, by its issuer’s signature, to a shipped root', () => {
    const trusted = chainedToRoots(store.roots, store.intermediates);
    expect(store.intermediates.filter((c) => !trusted.has(c)).map(cn)).toEqual([]);
  });

  it(`has no certificate that expires within ${RENEW_AHEAD_DAYS} days (renew them as docs/nfe-trust.md says)`, () => {
    expect(expiringWithin([...store.roots, ...store.intermediates], RENEW_AHEAD_DAYS, Date.now())).toEqual([]);
  });

  it('names the certificates that a date a month before v5’s end would catch', () => {
    const monthBeforeV5Ends = Date.parse('2029-02-15T00:00:00Z');
    const expiring = expiringWithin(store.roots, RENEW_AHEAD_DAYS, monthBeforeV5Ends);
    expect(expiring).toEqual(['Autoridade Certificadora Raiz Brasileira v5 (vence em 2029-03-02)']);
  });
});

describe('NFE_TRUSTED_ROOTS', () => {
  let dir: string;
  const v5 = shipped('roots/ac-raiz-brasileira-v5.pem');
  const v12 = shipped('roots/ac-raiz-brasileira-v12.pem');
  const rfbV4 = shipped('intermediates/ac-secretaria-da-receita-federal-do-brasil-v4.pem');
  const safewebRfb = shipped('intermediates/ac-safeweb-rfb-v5.pem');

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'nfe-trust-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  };

  it('reads one PEM file with several certificates, telling the root from the intermediates', () => {
    const file = write('cadeia.pem', `Raiz e intermediárias\n${safewebRfb}${v5}\n${rfbV4}`);
    const store = loadTrustStore(file);
    expect(store.roots.map(cn)).toEqual(['Autoridade Certificadora Raiz Brasileira v5']);
    expect(store.intermediates.map(cn).sort()).toEqual([
      'AC SAFEWEB RFB v5',
      'AC Secretaria da Receita Federal do Brasil v4',
    ]);
  });

  it('reads a folder of .pem files, subfolders included, ignoring other files and repeated certificates', () => {
    write('raiz.pem', v5);
    write('acs/rfb.pem', `${rfbV4}${safewebRfb}`);
    write('acs/rfb-de-novo.pem', rfbV4);
    write('LEIA-ME.txt', 'não é um certificado');
    const store = loadTrustStore(dir);
    expect(store.roots.map(cn)).toEqual(['Autoridade Certificadora Raiz Brasileira v5']);
    expect(store.intermediates).toHaveLength(2);
  });

  it('replaces the shipped set when set: only its own certificates are trusted', () => {
    const file = write('homologacao.pem', v12);
    const config = configFrom({ DATA_DIR: dir, NFE_TRUSTED_ROOTS: file });
    expect(config.nfeTrustedRoots).toBe(file);
    const store = loadTrustStore(config.nfeTrustedRoots);
    expect(store.roots.map(cn)).toEqual(['Autoridade Certificadora Raiz Brasileira v12']);
    expect(store.intermediates).toEqual([]);
    expect(configFrom({ DATA_DIR: dir }).nfeTrustedRoots).toBeUndefined();
  });

  it('refuses, in Portuguese, a path that cannot be read', () => {
    expect(() => loadTrustStore(path.join(dir, 'nao-existe.pem'))).toThrow(
      /^NFE_TRUSTED_ROOTS \(.*nao-existe\.pem\): não foi possível ler .*nao-existe\.pem \(ENOENT\)\.$/,
    );
  });

  it('refuses an empty file, and a folder without .pem files', () => {
    const empty = write('vazio.pem', '');
    expect(() => loadTrustStore(empty)).toThrow(/vazio\.pem está vazio ou não tem nenhum certificado PEM\./);
    const other = mkdtempSync(path.join(dir, 'sem-pem-'));
    writeFileSync(path.join(other, 'raiz.crt'), v5);
    expect(() => loadTrustStore(other)).toThrow(/a pasta não tem nenhum arquivo \.pem\./);
  });

  it('refuses a set without a root, a private key among the certificates, and a block that is not X.509', () => {
    expect(() => loadTrustStore(write('so-acs.pem', rfbV4))).toThrow(/nenhum certificado raiz \(autoassinado\)/);
    const key = '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n';
    expect(() => loadTrustStore(write('com-chave.pem', `${v5}${key}`))).toThrow(
      /contém um bloco "PRIVATE KEY"; só são aceitos certificados\./,
    );
    const broken = `${v5}-----BEGIN CERTIFICATE-----\nTUlJ\n-----END CERTIFICATE-----\n`;
    expect(() => loadTrustStore(write('quebrado.pem', broken))).toThrow(
      /o 2º bloco de .*quebrado\.pem não é um certificado X\.509 válido\./,
    );
  });
});
