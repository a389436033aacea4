import { createHash, generateKeyPairSync, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import * as asn from '@peculiar/asn1-x509';
import { ICP_BRASIL_CNPJ_OID } from '../nfe-trust/certificate-cnpj';

/**
 * X.509 certificates made on the spot for tests, the e2e server, the benchmark and the demo's PKI: a root, an
 * intermediate and e-CNPJ leaves shaped like ICP-Brasil's (the CNPJ in subjectAltName otherName 2.16.76.1.3.3 and
 * at the end of the CN). Built synchronously with node:crypto keys and @peculiar/asn1-x509's DER, so a test's
 * settings can point at a trust store before anything awaits, and so any validity period can be written (the
 * tests' clock sits before the day the certificates are made).
 */

export interface KeyPair {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

export interface IssuedCertificate {
  readonly certificate: X509Certificate;
  readonly pem: string;
  readonly keys: KeyPair;
  /** The subject, as the issuer name of what this certificate signs. */
  readonly name: asn.Name;
  readonly keyId: ArrayBuffer;
}

export interface CertificateRequest {
  readonly commonName: string;
  readonly keys: KeyPair;
  /** Omitted: self-signed (a root). */
  readonly issuer?: IssuedCertificate;
  readonly ca: boolean;
  readonly notBefore: Date;
  readonly notAfter: Date;
  /** The e-CNPJ's otherName 2.16.76.1.3.3 (14 characters). */
  readonly cnpj?: string;
}

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const COMMON_NAME = '2.5.4.3';
const ORGANIZATION = '2.5.4.10';
const COUNTRY = '2.5.4.6';

export const newKeyPair = (): KeyPair => generateKeyPairSync('rsa', { modulusLength: 2048 });

const attribute = (type: string, value: asn.AttributeValue) =>
  new asn.RelativeDistinguishedName([new asn.AttributeTypeAndValue({ type, value })]);

function nameOf(commonName: string): asn.Name {
  return new asn.Name([
    attribute(COUNTRY, new asn.AttributeValue({ printableString: 'BR' })),
    attribute(ORGANIZATION, new asn.AttributeValue({ utf8String: 'ICP-Brasil (teste)' })),
    attribute(COMMON_NAME, new asn.AttributeValue({ utf8String: commonName })),
  ]);
}

const extension = (extnID: string, critical: boolean, value: unknown) =>
  new asn.Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });

/** The e-CNPJ's otherName: the 14 characters in an OCTET STRING, as ICP-Brasil's DOC-ICP-04 writes it. */
const cnpjOtherName = (cnpj: string) =>
  new asn.GeneralName({
    otherName: new asn.OtherName({
      typeId: ICP_BRASIL_CNPJ_OID,
      value: AsnConvert.serialize(new OctetString(Buffer.from(cnpj, 'latin1'))),
    }),
  });

export function issueCertificate(request: CertificateRequest): IssuedCertificate {
  const spki = AsnConvert.parse(
    request.keys.publicKey.export({ type: 'spki', format: 'der' }),
    asn.SubjectPublicKeyInfo,
  );
  const keyId = new Uint8Array(createHash('sha1').update(Buffer.from(spki.subjectPublicKey)).digest()).buffer;
  const name = nameOf(request.commonName);
  const usage = request.ca
    ? asn.KeyUsageFlags.keyCertSign | asn.KeyUsageFlags.cRLSign
    : asn.KeyUsageFlags.digitalSignature | asn.KeyUsageFlags.nonRepudiation | asn.KeyUsageFlags.keyEncipherment;
  const extensions = [
    extension(asn.id_ce_basicConstraints, true, new asn.BasicConstraints({ cA: request.ca })),
    extension(asn.id_ce_keyUsage, true, new asn.KeyUsage(usage)),
    extension(asn.id_ce_subjectKeyIdentifier, false, new asn.SubjectKeyIdentifier(keyId)),
    extension(
      asn.id_ce_authorityKeyIdentifier,
      false,
      new asn.AuthorityKeyIdentifier({ keyIdentifier: new asn.KeyIdentifier(request.issuer?.keyId ?? keyId) }),
    ),
  ];
  if (request.cnpj) {
    extensions.push(
      extension(asn.id_ce_subjectAltName, false, new asn.SubjectAlternativeName([cnpjOtherName(request.cnpj)])),
    );
  }
  const algorithm = new asn.AlgorithmIdentifier({ algorithm: SHA256_WITH_RSA, parameters: null });
  const tbs = new asn.TBSCertificate({
    version: asn.Version.v3,
    // Positive, 16 bytes: the high bit cleared.
    serialNumber: new Uint8Array([0x01, ...randomBytes(15)]).buffer,
    signature: algorithm,
    issuer: request.issuer?.name ?? name,
    validity: new asn.Validity({ notBefore: request.notBefore, notAfter: request.notAfter }),
    subject: name,
    subjectPublicKeyInfo: spki,
    extensions: new asn.Extensions(extensions),
  });
  const signer = request.issuer?.keys.privateKey ?? request.keys.privateKey;
  const signatureValue = sign('sha256', Buffer.from(AsnConvert.serialize(tbs)), signer);
  const der = Buffer.from(
    AsnConvert.serialize(
      new asn.Certificate({
        tbsCertificate: tbs,
        signatureAlgorithm: algorithm,
        signatureValue: new Uint8Array(signatureValue).buffer,
      }),
    ),
  );
  const certificate = new X509Certificate(der);
  return { certificate, pem: certificate.toString(), keys: request.keys, name, keyId };
}
