import { changeText, objectTypeLabel } from './audit-labels';

describe("an audit line's before → after", () => {
  it.each([
    ['{"status":"requested"}', 'situação: solicitado'],
    ['{"status":"separating"}', 'situação: em separação'],
    ['{"disabled_at":"2026-11-28T21:18:05.921Z"}', 'desativada em: 28/11/2026, 18:18'],
    ['{"roles":["revisor","lojas"],"active":true}', 'funções: Revisão, Lojas; ativa: sim'],
    ['{"disabled_at":null}', 'desativada em: —'],
    // What it does not know shows as it is stored.
    ['{"nova_coluna":"valor"}', 'nova_coluna: valor'],
    ['não é JSON', 'não é JSON'],
  ])('reads %s as “%s”', (stored, shown) => {
    expect(changeText(stored)).toBe(shown);
  });

  it.each([
    ['reward_order', 'pedido'],
    ['outro', 'outro'],
  ])('names the object type %s as “%s”', (type, label) => {
    expect(objectTypeLabel(type)).toBe(label);
  });
});
