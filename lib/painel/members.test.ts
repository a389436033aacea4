import { memberHref, SWITCH_MESSAGES, switchesFor, switchProblem } from './members';

const ACTIVE = { disabled: false, chatbot: true, accountType: 'member', changePasswordRequired: false, sessions: [{}] };

describe("the member page's switches", () => {
  it('offers what would change something for this member, the way back once a switch is done', () => {
    expect(switchesFor(ACTIVE).map((s) => s.kind)).toEqual([
      'disable',
      'end-sessions',
      'require-password-change',
      'consent',
      'chatbot-off',
      'editor',
    ]);
    const changed = {
      disabled: true,
      chatbot: false,
      accountType: 'editor',
      changePasswordRequired: true,
      sessions: [],
    };
    expect(switchesFor(changed).map((s) => s.kind)).toEqual(['enable', 'consent', 'chatbot-on', 'member']);
    expect(switchesFor({ ...ACTIVE, sessions: [{}, {}] })[1]?.label).toBe('Encerrar todas as sessões (2 aparelhos)');
  });

  it('asks for a choice, the consent text and the reason with the messages the API answers', () => {
    expect(switchProblem('', 'Pedido do membro', '')).toEqual({ field: 'kind', message: SWITCH_MESSAGES.choose });
    expect(switchProblem('consent', 'Pedido do membro', 'curto')).toEqual({
      field: 'message',
      message: 'A mensagem do consentimento precisa ter de 10 a 1000 caracteres.',
    });
    expect(switchProblem('disable', '   ', '')).toEqual({
      field: 'reason',
      message: 'Informe o motivo: ele fica registrado na auditoria.',
    });
    expect(switchProblem('disable', 'ok', '')).toEqual({
      field: 'reason',
      message: 'O motivo precisa ter de 3 a 500 caracteres.',
    });
    expect(switchProblem('disable', 'Fraude confirmada pela loja', '')).toBeNull();
  });

  it("links a member's page by id, encoded", () => {
    expect(memberHref('12')).toBe('/painel/membros/ficha?id=12');
    expect(memberHref('1&x=2')).toBe('/painel/membros/ficha?id=1%26x%3D2');
  });
});
