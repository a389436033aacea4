import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A certificate and its key, as files (for the settings) and as bytes (for a server the test starts). */
export interface TestCertificate {
  readonly keyFile: string;
  readonly certFile: string;
  readonly key: Buffer;
  readonly cert: Buffer;
}

export interface TestPki {
  readonly dir: string;
  /** The root that signed the server's and the client's certificates. */
  readonly ca: TestCertificate;
  /** localhost and 127.0.0.1, for TLS servers. */
  readonly server: TestCertificate;
  /** A company's A1 certificate, for TLS client authentication. */
  readonly client: TestCertificate & { readonly pfxFile: string; readonly pfx: Buffer; readonly password: string };
  /** A client certificate signed by a root nobody trusts. */
  readonly stranger: TestCertificate;
  readonly remove: () => void;
}

/**
 * A small PKI made at run time with the openssl CLI in a temporary folder (no private key is ever committed): a root,
 * a server certificate it signs, a client certificate it signs (also as a password-protected PKCS#12, the form an A1
 * certificate comes in) and a client certificate from another root. P-256 keys: fast to make, and every path the
 * code takes is the same as with RSA.
 */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'clube-pki-'));
  const read = (name: string): TestCertificate => ({
    keyFile: path.join(dir, `${name}.key`),
    certFile: path.join(dir, `${name}.pem`),
    key: readFileSync(path.join(dir, `${name}.key`)),
    cert: readFileSync(path.join(dir, `${name}.pem`)),
  });
  // The fixed words of each command, split on spaces; a subject (which has spaces) goes last, whole.
  const openssl = (words: string, ...last: string[]) =>
    execFileSync('openssl', [...words.split(' '), ...last], { cwd: dir, stdio: 'pipe' });
  const newKey = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes';
  const root = (name: string, subject: string) =>
    openssl(
      `req -x509 ${newKey} -keyout ${name}.key -out ${name}.pem -days 2 -addext basicConstraints=critical,CA:TRUE ` +
        '-addext keyUsage=critical,keyCertSign,cRLSign -subj',
      subject,
    );
  const leaf = (name: string, issuer: string, subject: string, extensions: string) => {
    openssl(`req ${newKey} -keyout ${name}.key -out ${name}.csr -subj`, subject);
    writeFileSync(path.join(dir, `${name}.ext`), extensions);
    openssl(
      `x509 -req -in ${name}.csr -CA ${issuer}.pem -CAkey ${issuer}.key -CAcreateserial -out ${name}.pem -days 2 ` +
        `-extfile ${name}.ext`,
    );
  };
  root('ca', '/C=BR/O=ICP-Teste/CN=AC Raiz de Teste');
  root('other-ca', '/C=BR/O=Outra/CN=AC Desconhecida');
  leaf('server', 'ca', '/CN=localhost', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  const clientExtensions = 'extendedKeyUsage=clientAuth\n';
  leaf('client', 'ca', '/C=BR/O=ICP-Teste/CN=CLUBE DO MARCENEIRO LTDA:12345678000195', clientExtensions);
  leaf('stranger', 'other-ca', '/C=BR/CN=OUTRA EMPRESA LTDA:98765432000198', clientExtensions);
  const password = 'senha-do-certificado-a1';
  openssl(`pkcs12 -export -inkey client.key -in client.pem -out client.pfx -passout pass:${password}`);
  const pfxFile = path.join(dir, 'client.pfx');
  return {
    dir,
    ca: read('ca'),
    server: read('server'),
    client: { ...read('client'), pfxFile, pfx: readFileSync(pfxFile), password },
    stranger: read('stranger'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
