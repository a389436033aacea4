import { withCheckDigit } from '../validation/access-key';
import { decimalToCents, NFE_XML_MESSAGES, parseNfeXml, sampleNfeXml } from './nfe-xml';

const KEY = withCheckDigit('3526115871652300011955001000000123100045678');

describe('NF-e XML', () => {
  it('reads key, issuer, buyer, date, total and items', () => {
    const xml = sampleNfeXml({
      accessKey: KEY,
      issuerCnpj: '58716523000119',
      buyerCpf: '52998224725',
      issuedAt: '2026-11-20T10:15:00-03:00',
      total: '1234.56',
    });
    expect(parseNfeXml(xml)).toEqual({
      ok: true,
      data: {
        accessKey: KEY,
        issuerCnpj: '58716523000119',
        issuerName: 'Loja de Madeiras Ltda',
        buyerDocument: '52998224725',
        buyerName: 'Comprador',
        issuedAt: '2026-11-20T13:15:00.000Z',
        totalCents: 123456,
        items: [
          {
            description: 'Chapa MDF 18mm',
            quantity: '2.0000',
            unit: 'UN',
            totalCents: 123456,
            discountCents: 0,
            gtin: '07893216101004',
          },
        ],
      },
    });
  });

  it('reads each item’s GTIN (cEAN, else cEANTrib) as GTIN-14 and its discount', () => {
    const xml = sampleNfeXml({
      accessKey: KEY,
      issuerCnpj: '58716523000119',
      buyerCpf: '52998224725',
      issuedAt: '2026-11-20T10:15:00-03:00',
      total: '300.00',
      items: [
        {
          description: 'Fita de borda',
          quantity: '3.0000',
          unit: 'RL',
          total: '100.00',
          gtin: '7893216102056',
          discount: '5.50',
        },
        { description: 'Parafuso', quantity: '100.0000', unit: 'UN', total: '100.00', gtin: 'SEM GTIN' },
        {
          description: 'Chapa com dígito errado',
          quantity: '1.0000',
          unit: 'UN',
          total: '100.00',
          gtin: '7893216101005',
        },
      ],
    }).replace('<cEAN>SEM GTIN</cEAN>', '<cEAN>SEM GTIN</cEAN><cEANTrib>7893216101073</cEANTrib>');
    const parsed = parseNfeXml(xml);
    expect(parsed.ok && parsed.data.items.map((i) => [i.gtin, i.discountCents])).toEqual([
      ['07893216102056', 550],
      ['07893216101073', 0],
      [null, 0],
    ]);
  });

  it('refuses a malformed file with a pt-BR message', () => {
    const xml = sampleNfeXml({
      accessKey: KEY,
      issuerCnpj: '58716523000119',
      buyerCpf: '1',
      issuedAt: '2026-11-20',
      total: '1.00',
    });
    expect(parseNfeXml(xml.slice(0, 300))).toEqual({ ok: false, message: NFE_XML_MESSAGES.malformed });
    expect(parseNfeXml('<html><body>oi</body>')).toEqual({ ok: false, message: NFE_XML_MESSAGES.malformed });
  });

  it('refuses a DOCTYPE or an entity, external or nested, before parsing', () => {
    const xml = sampleNfeXml({
      accessKey: KEY,
      issuerCnpj: '58716523000119',
      buyerCpf: '52998224725',
      issuedAt: '2026-11-20',
      total: '1.00',
    });
    for (const doctype of [
      '<!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE nfeProc [<!ENTITY a "a"><!ENTITY b "&a;&a;&a;&a;">]>',
      '<!doctype nfeProc>',
    ]) {
      const withDoctype = xml.replace(/^(<\?xml[^>]*\?>)?/, (declaration) => `${declaration}${doctype}`);
      expect(parseNfeXml(withDoctype)).toEqual({ ok: false, message: NFE_XML_MESSAGES.doctype });
    }
    expect(parseNfeXml(xml).ok).toBe(true);
  });

  it('refuses an XML that is not an NF-e, or whose key is wrong', () => {
    expect(parseNfeXml('<?xml version="1.0"?><cte><x>1</x></cte>')).toEqual({
      ok: false,
      message: NFE_XML_MESSAGES.notNfe,
    });
    const bad = sampleNfeXml({
      accessKey: KEY.slice(0, 43) + String((Number(KEY[43]) + 1) % 10),
      issuerCnpj: '58716523000119',
      buyerCpf: '52998224725',
      issuedAt: '2026-11-20T10:15:00-03:00',
      total: '10.00',
    });
    expect(parseNfeXml(bad)).toEqual({ ok: false, message: NFE_XML_MESSAGES.badKey });
  });

  it('requires a total', () => {
    const xml = sampleNfeXml({
      accessKey: KEY,
      issuerCnpj: '58716523000119',
      buyerCpf: '52998224725',
      issuedAt: '2026-11-20',
      total: 'abc',
    });
    expect(parseNfeXml(xml)).toEqual({ ok: false, message: NFE_XML_MESSAGES.missing('o valor total') });
  });

  it('turns decimals into cents without floating point', () => {
    expect(decimalToCents('0.1')).toBe(10);
    expect(decimalToCents('19.99')).toBe(1999);
    expect(decimalToCents('100')).toBe(10000);
    expect(decimalToCents('1.005')).toBe(101);
    expect(decimalToCents('-1')).toBeNull();
  });
});
