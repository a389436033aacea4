import '../../test/esm-shims';
import { POINTS_VALIDITY_MONTHS } from '../../../lib/points/validity';
import { fillPlaceholders, readContentFolder } from './source';
import { SEED_CONTENT_DIR } from './seed';

// The shipped content must say what the product does: a member who reads "24 meses" and loses points at 12 was lied to.
const bundle = readContentFolder(SEED_CONTENT_DIR);
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const entries = bundle.entries.map((e) => ({
  name: `${e.kind} ${e.parentKey}/${e.key} (${e.state})`,
  text: [e.title, e.summary, textOf(e.bodyHtml), JSON.stringify(e.data)].join(' '),
}));

describe('o conteúdo do clube diz o que o produto faz', () => {
  it('toda validade de pontos citada é a do extrato', () => {
    // Sentences that state how long points last: "valem por N meses", "vale por N meses", "validade de N meses".
    const claims = entries.flatMap(({ name, text }) =>
      [...text.matchAll(/(?:valem|vale|validade)[^.]{0,40}?(\d+)\s*(?:\([^)]*\)\s*)?meses/gi)].map((m) => ({
        name,
        months: Number(m[1]),
      })),
    );
    expect(claims.length).toBeGreaterThanOrEqual(4);
    expect(claims.filter((c) => c.months !== POINTS_VALIDITY_MONTHS)).toEqual([]);
  });

  it('nenhum marcador {{…}} chega ao membro', () => {
    expect(entries.filter(({ text }) => text.includes('{{')).map((e) => e.name)).toEqual([]);
  });

  it('não promete troca de pontos por prêmios de catálogo, que o clube não tem', () => {
    const current = entries.filter((e) => !e.name.includes('rule-book /2025-1'));
    expect(
      current.filter(({ text }) => /trocar os pontos|trocados por prêmios|catálogo de prêmios/i.test(text)),
    ).toEqual([]);
  });

  it('um marcador desconhecido para a importação em vez de aparecer entre chaves', () => {
    expect(fillPlaceholders('vale por {{validade-dos-pontos}}')).toBe(`vale por ${POINTS_VALIDITY_MONTHS} meses`);
    expect(() => fillPlaceholders('{{validade-das-notas}}')).toThrow('marcador desconhecido {{validade-das-notas}}');
  });
});
