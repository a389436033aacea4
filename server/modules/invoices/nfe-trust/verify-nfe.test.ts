import { X509Certificate } from 'node:crypto';
import { parseNfeXml, sampleNfeXml, type NfeData } from '../../../../common/invoices/nfe-xml';
import { withCheckDigit } from '../../../../common/validation/access-key';
import { issueCertificate, newKeyPair } from '../test/certificates';
import { issueRootAndAc, nfeTestPki, signedNfeXml, TEST_VALIDITY } from '../test/nfe-test-pki';
import { certificateCnpj } from './certificate-cnpj';
import { addProtocol, signElement, signNfe } from './sign-nfe';
import { NFE_TRUST_REASONS, verifyNfe } from './verify-nfe';
import { C14N } from './xml-signature';

const pki = nfeTestPki();
const CNPJ = '58716523000119';
const KEY = withCheckDigit(`352611${CNPJ}55001000004321100004321`);
const NOTE = {
  accessKey: KEY,
  buyerCpf: '11144477735',
  issuedAt: '2026-11-10T10:00:00-03:00',
  total: '250.00',
};

/** The verification of `xml` as the club runs it: parsed by common/invoices/nfe-xml.ts, then both proofs. */
function verify(xml: string, store = pki.store) {
  const parsed = parseNfeXml(xml);
  if (!parsed.ok) throw new Error(parsed.message);
  return verifyNfe(xml, parsed.data, store);
}

const INF_NFE = "//*[local-name(.)='infNFe']";
const INF_PROT = "//*[local-name(.)='infProt']";

const failure = (proof: 'issuer' | 'authorisation', reason: string) => ({ ok: false, proof, reason });

describe('an authorised NF-e', () => {
  it('passes both proofs when signed by an e-CNPJ of the issuer under a trusted root, with its SEFAZ protocol', () => {
    expect(verify(signedNfeXml(NOTE))).toEqual({ ok: true });
  });

  it('passes signed with RSA-SHA256 and a SHA-256 digest too', () => {
    const signer = { ...pki.signer(CNPJ), hash: 'sha256' as const };
    expect(verify(signedNfeXml({ ...NOTE, signer }))).toEqual({ ok: true });
  });

  it('passes with the certificate of another branch of the same company (the CNPJ root, first 8 digits)', () => {
    const branch = '58716523000200';
    expect(verify(signedNfeXml({ ...NOTE, signer: pki.signer(branch) }))).toEqual({ ok: true });
  });

  it('finds the chain through an AC that only the document carried, never trusting a root it carried', () => {
    const rootOnly = { roots: pki.store.roots, intermediates: [] };
    const leafOnly = signedNfeXml(NOTE);
    expect(verify(leafOnly, rootOnly)).toEqual(failure('issuer', NFE_TRUST_REASONS.untrusted));
    const withAc = signedNfeXml({
      ...NOTE,
      signer: { ...pki.signer(CNPJ), certificates: [pki.leaf(CNPJ).pem, pki.ac.pem] },
    });
    expect(verify(withAc, rootOnly)).toEqual({ ok: true });
    const withRoot = signedNfeXml({
      ...NOTE,
      signer: { ...pki.signer(CNPJ), certificates: [pki.leaf(CNPJ).pem, pki.ac.pem, pki.root.pem] },
    });
    expect(verify(withRoot, { roots: [], intermediates: [] })).toEqual(failure('issuer', NFE_TRUST_REASONS.untrusted));
  });
});

describe('proof 1, the issuer’s signature', () => {
  it('is missing from a hand-typed XML', () => {
    const typed = sampleNfeXml({ ...NOTE, issuerCnpj: CNPJ });
    expect(verify(typed)).toEqual(failure('issuer', NFE_TRUST_REASONS.unsigned));
  });

  it('does not hold once a value is changed after signing', () => {
    const xml = signedNfeXml(NOTE).replace('<vNF>250.00</vNF>', '<vNF>250000.00</vNF>');
    expect(parseNfeXml(xml)).toMatchObject({ ok: true, data: { totalCents: 25_000_000 } });
    expect(verify(xml)).toEqual(failure('issuer', NFE_TRUST_REASONS.signatureMismatch));
  });

  it('does not hold with whitespace added inside a value: C14N keeps text as it is', () => {
    const xml = signedNfeXml(NOTE).replace('<vNF>250.00</vNF>', '<vNF> 250.00 </vNF>');
    expect(verify(xml)).toEqual(failure('issuer', NFE_TRUST_REASONS.signatureMismatch));
  });

  it('holds with a comment inside a value only because the club reads the same value the signature covers', () => {
    // Same-document references drop comments before digesting (XMLDSig), so a comment added later still verifies:
    // the risk would be a reader that takes another value from the commented text. The club's reading must match
    // the signed bytes, or the proof fails.
    const xml = signedNfeXml(NOTE).replace('<vNF>250.00</vNF>', '<vNF>2<!--000-->50.00</vNF>');
    expect(parseNfeXml(xml)).toMatchObject({ ok: true, data: { totalCents: 25_000 } });
    expect(verify(xml)).toEqual({ ok: true });
    // A value in CDATA changes the canonical text's bytes only if its text changes: 250.000 is not 250.00.
    const cdata = signedNfeXml(NOTE).replace('<vNF>250.00</vNF>', '<vNF>250.00<![CDATA[0]]></vNF>');
    expect(verify(cdata)).toEqual(failure('issuer', NFE_TRUST_REASONS.signatureMismatch));
  });

  it('refuses a second infNFe with the same Id, wherever it is put', () => {
    const signed = signedNfeXml(NOTE);
    const forged = signed.match(/<infNFe[\s\S]*<\/infNFe>/)![0].replace('<vNF>250.00</vNF>', '<vNF>250000.00</vNF>');
    // The forged copy read first, the signed original kept inside another element for the signature to find: the
    // parser reads the forgery, so the verification must refuse it.
    const first = signed.replace(/<infNFe[\s\S]*<\/infNFe>/, `${forged}<infAdic>$&</infAdic>`);
    expect(parseNfeXml(first)).toMatchObject({ ok: true, data: { totalCents: 25_000_000 } });
    expect(verify(first)).toEqual(failure('issuer', NFE_TRUST_REASONS.signatureMismatch));
    // A second NFe, or a second infNFe beside the first: the parser finds no single note and the member is told so;
    // the verification refuses them on its own as well.
    // The same Id under another spelling of the attribute, which some XMLDSig libraries also look up.
    const otherSpelling = signed.replace('</nfeProc>', `<obsCont ID="NFe${KEY}">x</obsCont></nfeProc>`);
    expect(parseNfeXml(otherSpelling).ok).toBe(true);
    expect(verify(otherSpelling)).toEqual(failure('issuer', NFE_TRUST_REASONS.signatureMismatch));
    const second = signed.replace('</nfeProc>', `<NFe>${forged}</NFe></nfeProc>`);
    const beside = signed.replace('<Signature', `${forged}<Signature`);
    for (const xml of [second, beside]) {
      expect(parseNfeXml(xml).ok).toBe(false);
      expect(verifyNfe(xml, (parseNfeXml(signed) as { data: NfeData }).data, pki.store)).toEqual(
        failure('issuer', NFE_TRUST_REASONS.signatureMismatch),
      );
    }
  });

  it('refuses the signature moved under another element', () => {
    const signed = signedNfeXml(NOTE);
    const signature = signed.match(/<Signature[\s\S]*<\/Signature>/)![0];
    const unsigned = signed.replace(signature, '');
    const movedIntoInf = unsigned.replace('</infNFe>', `${signature}</infNFe>`);
    const movedToProc = unsigned.replace('</nfeProc>', `${signature}</nfeProc>`);
    const underProtocol = unsigned.replace('<infProt>', `${signature}<infProt>`);
    for (const xml of [movedIntoInf, movedToProc, underProtocol]) {
      expect(verify(xml)).toEqual(failure('issuer', NFE_TRUST_REASONS.signatureMismatch));
    }
  });

  it('refuses a valid signature whose Reference points at another element than infNFe', () => {
    // The store's own key signs an element of its choosing: a real signature, over the wrong thing.
    const xml = sampleNfeXml({ ...NOTE, issuerCnpj: CNPJ, protocol: false }).replace(
      '<total>',
      '<obsCont Id="Outro"><xTexto>assinado</xTexto></obsCont><total>',
    );
    const signed = signElement(xml, pki.signer(CNPJ), { element: "//*[@Id='Outro']", after: INF_NFE });
    const authorised = addProtocol(signed.xml, KEY, signed.digestValue, { receivedAt: NOTE.issuedAt });
    expect(verify(authorised)).toEqual(failure('issuer', NFE_TRUST_REASONS.signatureMismatch));
  });

  it('refuses a note of more items than an NF-e may have, signed or not, before its signature is checked', () => {
    const item = { description: 'Parafuso', quantity: '1.0000', unit: 'UN', total: '0.10' };
    const within = signedNfeXml({ ...NOTE, total: '99.00', items: Array.from({ length: 990 }, () => item) });
    expect(verify(within)).toEqual({ ok: true });
    const over = signedNfeXml({ ...NOTE, total: '99.10', items: Array.from({ length: 991 }, () => item) });
    expect(verify(over)).toEqual(failure('issuer', NFE_TRUST_REASONS.signatureMismatch));
  });

  it('refuses transforms the NF-e standard does not use (exclusive C14N)', () => {
    const xml = signedNfeXml(NOTE).replace(
      `<Transform Algorithm="${C14N}"/>`,
      '<Transform Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>',
    );
    expect(verify(xml)).toEqual(failure('issuer', NFE_TRUST_REASONS.signatureMismatch));
  });

  it('refuses a chain that ends in a root the club does not trust', () => {
    // Another root and AC under the very names of the trusted ones.
    const { ac: rogueAc } = issueRootAndAc();
    const leaf = issueCertificate({
      commonName: `LOJA:${CNPJ}`,
      keys: newKeyPair(),
      issuer: rogueAc,
      ca: false,
      cnpj: CNPJ,
      ...TEST_VALIDITY,
    });
    const signer = { privateKey: leaf.keys.privateKey, certificates: [leaf.pem, rogueAc.pem] };
    expect(verify(signedNfeXml({ ...NOTE, signer }))).toEqual(failure('issuer', NFE_TRUST_REASONS.untrusted));
    // A self-signed certificate naming the store is no better.
    const selfSigned = issueCertificate({
      commonName: `LOJA:${CNPJ}`,
      keys: newKeyPair(),
      ca: false,
      cnpj: CNPJ,
      ...TEST_VALIDITY,
    });
    const alone = { privateKey: selfSigned.keys.privateKey, certificates: [selfSigned.pem] };
    expect(verify(signedNfeXml({ ...NOTE, signer: alone }))).toEqual(failure('issuer', NFE_TRUST_REASONS.untrusted));
  });

  it('refuses a leaf that had expired when the note was issued', () => {
    const leaf = issueCertificate({
      commonName: `LOJA:${CNPJ}`,
      keys: newKeyPair(),
      issuer: pki.ac,
      ca: false,
      cnpj: CNPJ,
      notBefore: new Date('2024-01-01T00:00:00Z'),
      notAfter: new Date('2025-01-01T00:00:00Z'),
    });
    const signer = { privateKey: leaf.keys.privateKey, certificates: [leaf.pem] };
    expect(verify(signedNfeXml({ ...NOTE, signer }))).toEqual(failure('issuer', NFE_TRUST_REASONS.expired));
    // The same certificate signed a note of its own year.
    const inTime = { ...NOTE, issuedAt: '2024-06-10T10:00:00-03:00' };
    expect(verify(signedNfeXml({ ...inTime, signer }))).toEqual({ ok: true });
  });

  it('refuses a leaf without the CNPJ, or of another company', () => {
    const bare = issueCertificate({
      commonName: 'LOJA SEM CNPJ',
      keys: newKeyPair(),
      issuer: pki.ac,
      ca: false,
      ...TEST_VALIDITY,
    });
    const withoutCnpj = { privateKey: bare.keys.privateKey, certificates: [bare.pem] };
    expect(verify(signedNfeXml({ ...NOTE, signer: withoutCnpj }))).toEqual(
      failure('issuer', NFE_TRUST_REASONS.otherCnpj),
    );
    const other = pki.signer('06990590000123');
    expect(verify(signedNfeXml({ ...NOTE, signer: other }))).toEqual(failure('issuer', NFE_TRUST_REASONS.otherCnpj));
  });
});

describe('the certificate’s CNPJ', () => {
  it('is read from the otherName 2.16.76.1.3.3, which node:crypto prints as unsupported', () => {
    const leaf = pki.leaf(CNPJ).certificate;
    expect(leaf.subjectAltName).toContain('<unsupported>');
    expect(certificateCnpj(leaf)).toBe(CNPJ);
  });

  it('is read from the end of the CN when the certificate has no otherName, alphanumeric CNPJs included', () => {
    const cn = (name: string) =>
      issueCertificate({ commonName: name, keys: pki.root.keys, ca: false, ...TEST_VALIDITY }).certificate;
    expect(certificateCnpj(cn('DEPOSITO ALFA LTDA:12ABC34501DE35'))).toBe('12ABC34501DE35');
    expect(certificateCnpj(cn('JOSE DA SILVA:12345678909'))).toBeNull();
    expect(certificateCnpj(new X509Certificate(pki.root.pem))).toBeNull();
  });
});

describe('proof 2, the SEFAZ authorisation', () => {
  it('is missing without protNFe', () => {
    const signed = signNfe(sampleNfeXml({ ...NOTE, issuerCnpj: CNPJ, protocol: false }), pki.signer(CNPJ));
    expect(verify(signed.xml)).toEqual(failure('authorisation', NFE_TRUST_REASONS.notAuthorised));
  });

  it('is refused with a status other than 100 (authorised)', () => {
    const denied = signedNfeXml({ ...NOTE, protocol: { cStat: '302' } });
    expect(verify(denied)).toEqual(failure('authorisation', NFE_TRUST_REASONS.notAuthorised));
  });

  it('belongs to another note when its key or its digest is not this note’s', () => {
    const otherKey = withCheckDigit(`352611${CNPJ}55001000009999100009999`);
    const keyed = signedNfeXml({ ...NOTE, protocol: { chNFe: otherKey } });
    expect(verify(keyed)).toEqual(failure('authorisation', NFE_TRUST_REASONS.otherInvoice));
    const digested = signedNfeXml({ ...NOTE, protocol: { digVal: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' } });
    expect(verify(digested)).toEqual(failure('authorisation', NFE_TRUST_REASONS.otherInvoice));
  });

  it('checks the protocol’s own signature when it has one: to a trusted root, over what is read', () => {
    const sefaz = pki.signer('46377222000129');
    const signProtocol = (xml: string, signer = sefaz) =>
      signElement(xml.replace('<infProt>', '<infProt Id="ID135260000004321">'), signer, {
        element: INF_PROT,
        after: INF_PROT,
      }).xml;
    expect(verify(signProtocol(signedNfeXml(NOTE)))).toEqual({ ok: true });
    const altered = signProtocol(signedNfeXml({ ...NOTE, protocol: { cStat: '110' } })).replace(
      '<cStat>110</cStat>',
      '<cStat>100</cStat>',
    );
    expect(verify(altered)).toEqual(failure('authorisation', NFE_TRUST_REASONS.notAuthorised));
    const rogue = issueCertificate({ commonName: 'SEFAZ FALSA', keys: newKeyPair(), ca: false, ...TEST_VALIDITY });
    const byRogue = signProtocol(signedNfeXml(NOTE), { privateKey: rogue.keys.privateKey, certificates: [rogue.pem] });
    expect(verify(byRogue)).toEqual(failure('authorisation', NFE_TRUST_REASONS.notAuthorised));
  });
});
