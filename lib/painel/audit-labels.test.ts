import { changeText, objectTypeLabel } from './audit-labels';

describe("an audit line's before → after", () => {
  it('names fields and statuses in pt-BR and shows times in São Paulo time', () => {
    expect(changeText('{"status":"requested"}')).toBe('situação: solicitado');
    expect(changeText('{"status":"separating"}')).toBe('situação: em separação');
    expect(changeText('{"disabled_at":"2026-11-28T21:18:05.921Z"}')).toBe('desativada em: 28/11/2026, 18:18');
    expect(changeText('{"roles":["revisor","lojas"],"active":true}')).toBe('funções: Revisão, Lojas; ativa: sim');
    expect(changeText('{"disabled_at":null}')).toBe('desativada em: —');
  });

  it('shows what it does not know as it is stored', () => {
    expect(changeText('{"nova_coluna":"valor"}')).toBe('nova_coluna: valor');
    expect(changeText('não é JSON')).toBe('não é JSON');
    expect(objectTypeLabel('reward_order')).toBe('pedido');
    expect(objectTypeLabel('outro')).toBe('outro');
  });
});
