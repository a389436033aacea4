import '../../test/esm-shims';
import { formatPoints } from '../../../common/format/numbers';
import { TRANSFER_RULES } from '../../../common/partner/rules';
import { POINTS_VALIDITY_MONTHS } from '../../../common/points/validity';
import { CODE_VALIDITY_DAYS } from '../../../common/rewards/rules';
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

  it('o regulamento vigente diz as regras do catálogo e do parceiro com os números do código', () => {
    const ruleBook = entries.find((e) => e.name.startsWith('rule-book /2026-1'));
    expect(ruleBook).toBeDefined();
    const text = ruleBook!.text;
    expect(text).toContain('são usados primeiro os pontos mais antigos');
    expect(text).toContain(`um código que vale por ${CODE_VALIDITY_DAYS} dias`);
    expect(text).toContain(`com nova validade de ${POINTS_VALIDITY_MONTHS} meses`);
    expect(text).toContain(`no mínimo ${formatPoints(TRANSFER_RULES.minimum)} pontos`);
    expect(text).toContain(`em múltiplos de ${formatPoints(TRANSFER_RULES.multiple)} pontos`);
    expect(text).toContain(`não responder em ${TRANSFER_RULES.answerWithinHours} horas`);
    // The sentence of before the catalogue existed is gone.
    expect(text).not.toMatch(/não tem catálogo/);
  });

  it('um marcador desconhecido para a importação em vez de aparecer entre chaves', () => {
    expect(fillPlaceholders('vale por {{validade-dos-pontos}}')).toBe(`vale por ${POINTS_VALIDITY_MONTHS} meses`);
    expect(() => fillPlaceholders('{{validade-das-notas}}')).toThrow('marcador desconhecido {{validade-das-notas}}');
  });
});
