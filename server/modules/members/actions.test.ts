import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, gql, loginAs, REFRESH, type TestApp } from '../../test/helpers';
import { DomainError } from '../../errors/domain-error';
import { operatorSwitches, showMember } from './actions';

const STATUS = `{ me { accountType chatbotInvoiceUploadEnabled profileStatus { showModalConsent messageModalConsent changePasswordRequired } } }`;
const ANSWER = `mutation ($accepted: Boolean!) { answerConsent(accepted: $accepted) { showModalConsent } }`;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Status {
  me: {
    accountType: string;
    chatbotInvoiceUploadEnabled: boolean;
    profileStatus: { showModalConsent: boolean; messageModalConsent: string | null; changePasswordRequired: boolean };
  };
}

describe('operator switches on a member', () => {
  it('finds the member by CPF in any spelling, e-mail or celular, and refuses anyone else', async () => {
    for (const who of ['529.982.247-25', DEMO_MEMBER.cpf, 'Marceneiro@Exemplo.com.br', '(11) 98765-4321']) {
      expect((await showMember(t, who)).name).toBe('Ana Souza');
    }
    await expect(showMember(t, '111.444.777-35')).rejects.toThrow(DomainError);
    // A terminal never shows a whole CPF.
    expect((await showMember(t, DEMO_MEMBER.cpf)).cpf).toBe('***.982.***-25');
  });

  it('raises the consent modal with the operator text, stores that text with the answer, then lowers it', async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const text = 'Mudamos o regulamento da campanha de dezembro. Leia e aceite para continuar.';
    await operatorSwitches.consent(t, DEMO_MEMBER.cpf, 'suporte', text);

    const raised = await gql<Status>(t.app, STATUS, {}, bearer(token));
    expect(raised.data?.me.profileStatus).toMatchObject({ showModalConsent: true, messageModalConsent: text });

    await gql(t.app, ANSWER, { accepted: true }, bearer(token));
    const answer = await t.db.selectFrom('consent_answers').select(['message', 'accepted']).executeTakeFirstOrThrow();
    expect(answer).toEqual({ message: text, accepted: 1 });
    const lowered = await gql<Status>(t.app, STATUS, {}, bearer(token));
    expect(lowered.data?.me.profileStatus).toMatchObject({ showModalConsent: false, messageModalConsent: null });

    await expect(operatorSwitches.consent(t, DEMO_MEMBER.cpf, 'suporte', 'curto')).rejects.toThrow(
      'A mensagem do consentimento precisa ter de 10 a 1000 caracteres.',
    );
  });

  it('asks for a new password, switches the chatbot and the account type, as me shows them', async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await operatorSwitches.requirePasswordChange(t, DEMO_MEMBER.email, 'suporte');
    await operatorSwitches.chatbot(t, DEMO_MEMBER.email, 'suporte', true);
    await operatorSwitches.accountType(t, DEMO_MEMBER.email, 'suporte', 'editor');
    const res = await gql<Status>(t.app, STATUS, {}, bearer(token));
    expect(res.data?.me).toMatchObject({
      accountType: 'editor',
      chatbotInvoiceUploadEnabled: true,
      profileStatus: { changePasswordRequired: true },
    });
    await expect(operatorSwitches.accountType(t, DEMO_MEMBER.email, 'suporte', 'admin')).rejects.toThrow(
      'Tipo de conta inválido: use member ou editor.',
    );
  });

  it("disables a member at once ('User disabled', sessions ended) and enables them again", async () => {
    const { token, refresh_token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await operatorSwitches.disable(t, DEMO_MEMBER.cpf, 'suporte');

    const me = await gql(t.app, STATUS, {}, bearer(token));
    expect(me.errors?.[0]).toMatchObject({ message: 'User disabled' });
    const refreshed = await gql(t.app, REFRESH, { refreshToken: refresh_token });
    expect(refreshed.data).toBeFalsy();

    await operatorSwitches.enable(t, DEMO_MEMBER.cpf, 'suporte');
    const again = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect((await gql(t.app, STATUS, {}, bearer(again.token))).errors).toBeUndefined();
  });

  it('writes every switch to the audit with who did it, newest first', async () => {
    await operatorSwitches.chatbot(t, DEMO_MEMBER.cpf, 'maria.suporte', true);
    await operatorSwitches.disable(t, DEMO_MEMBER.cpf, 'joao.suporte');
    const { audit } = await showMember(t, DEMO_MEMBER.cpf);
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      ['joao.suporte', 'disable'],
      ['maria.suporte', 'chatbot-on'],
    ]);
  });
});
