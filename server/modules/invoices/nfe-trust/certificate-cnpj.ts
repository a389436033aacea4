import type { X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, id_ce_subjectAltName, SubjectAlternativeName } from '@peculiar/asn1-x509';

/** ICP-Brasil's otherName for the CNPJ of an e-CNPJ certificate's holder (DOC-ICP-04). */
export const ICP_BRASIL_CNPJ_OID = '2.16.76.1.3.3';

/** 14 characters: the first 12 may be letters since the alphanumeric CNPJ (NT 2025.001), the check digits never. */
const CNPJ = /^[0-9A-Z]{12}\d{2}$/;

/**
 * The otherName's value is an ANY: ICP-Brasil writes an OCTET STRING of ASCII digits, some ACs a PrintableString or
 * UTF8String. One short DER element, read by its header: node's subjectAltName prints otherName as "<unsupported>".
 */
function stringOfDer(value: ArrayBuffer): string | null {
  const bytes = new Uint8Array(value);
  const [tag, length] = bytes;
  // OCTET STRING, UTF8String, PrintableString, IA5String; a short-form length (a CNPJ is 14 bytes).
  if (tag === undefined || length === undefined || ![0x04, 0x0c, 0x13, 0x16].includes(tag) || length > 127) return null;
  if (bytes.length !== 2 + length) return null;
  return Buffer.from(bytes.subarray(2)).toString('latin1');
}

function cnpjFromOtherName(certificate: X509Certificate): string | null {
  const parsed = AsnConvert.parse(certificate.raw, Certificate);
  const san = parsed.tbsCertificate.extensions?.find((e) => e.extnID === id_ce_subjectAltName);
  if (!san) return null;
  const names = AsnConvert.parse(san.extnValue.buffer, SubjectAlternativeName);
  for (const name of names) {
    if (name.otherName?.typeId !== ICP_BRASIL_CNPJ_OID) continue;
    const value = stringOfDer(name.otherName.value)?.trim().toUpperCase();
    if (value && CNPJ.test(value)) return value;
  }
  return null;
}

/** Many ICP-Brasil CNs end in ":<CNPJ>" ("LOJA DE MADEIRAS LTDA:58716523000119"). */
function cnpjFromCommonName(certificate: X509Certificate): string | null {
  for (const line of certificate.subject.split('\n')) {
    const match = /^CN=.*:([0-9A-Z]{12}\d{2})$/.exec(line.trim());
    if (match) return match[1]!;
  }
  return null;
}

/** The holder's CNPJ of an e-CNPJ certificate, or null when it carries none (an e-CPF, a server certificate). */
export function certificateCnpj(certificate: X509Certificate): string | null {
  try {
    return cnpjFromOtherName(certificate) ?? cnpjFromCommonName(certificate);
  } catch {
    // A subjectAltName that is not well-formed DER carries no CNPJ we can trust.
    return cnpjFromCommonName(certificate);
  }
}
