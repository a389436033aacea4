import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, gql, loginAs, type TestApp } from '../../test/helpers';
import { createMember } from './repository';

const ME = `{
  me {
    id name surName profileImage phoneNumber phoneNumberPrefix email cpf birthDate gender
    career { id name woodWorkRelated } woodWorkRelated
    acceptEmailComunications acceptMessageComunications chatbotInvoiceUploadEnabled
    cep address number complement district state { id uf } city { id name } subsidiarySlug accountType
    profileStatus {
      id hasBasicProfile hasPhoneNumber hasConfirmedEmail hasPointsPartnerIntegration hasAccountType
      showModalConsent messageModalConsent changePasswordRequired
    }
  }
}`;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('me', () => {
  it('answers UNAUTHENTICATED without a token', async () => {
    const res = await gql(t.app, ME);
    expect(res.data).toEqual({ me: null });
    expect(res.errors).toEqual([
      expect.objectContaining({
        message: 'Sessão expirada. Entre novamente.',
        extensions: { code: 'UNAUTHENTICATED' },
      }),
    ]);
  });

  it('answers UNAUTHENTICATED for a garbage token', async () => {
    const res = await gql(t.app, ME, {}, bearer('nao-e-um-jwt'));
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("returns the demo member's fields with a complete profile", async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    const res = await gql<{ me: Record<string, unknown> }>(t.app, ME, {}, bearer(token));
    expect(res.errors).toBeUndefined();
    expect(res.data?.me).toMatchObject({
      name: 'Ana',
      surName: 'Souza',
      email: 'marceneiro@exemplo.com.br',
      cpf: '52998224725',
      phoneNumber: '11987654321',
      phoneNumberPrefix: '55',
      birthDate: '1988-03-14',
      gender: 'feminino',
      career: { name: 'Marceneiro', woodWorkRelated: true },
      woodWorkRelated: true,
      acceptEmailComunications: true,
      acceptMessageComunications: true,
      cep: '01310100',
      address: 'Avenida Paulista',
      number: '1000',
      complement: null,
      district: 'Bela Vista',
      state: { uf: 'SP' },
      city: { name: 'São Paulo' },
      accountType: 'member',
      profileStatus: {
        hasBasicProfile: true,
        hasPhoneNumber: true,
        hasConfirmedEmail: true,
        hasPointsPartnerIntegration: false,
        hasAccountType: true,
        showModalConsent: false,
        messageModalConsent: null,
        changePasswordRequired: false,
      },
    });
  });

  it("answers 'User disabled' for a disabled member holding a valid token", async () => {
    const member = await createMember(t.db, {
      name: 'Bia',
      surName: 'Lima',
      cpf: '111.444.777-35',
      email: 'bia@exemplo.com.br',
      password: 'Senha#forte1',
    });
    const { token } = await loginAs(t.app, 'bia@exemplo.com.br', 'Senha#forte1');
    await t.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', member.id)
      .execute();
    const res = await gql(t.app, ME, {}, bearer(token));
    expect(res.errors?.[0]).toMatchObject({ message: 'User disabled', extensions: { code: 'FORBIDDEN' } });
  });

  it('reports the missing parts of an incomplete profile', async () => {
    await createMember(t.db, {
      name: 'Caio',
      surName: 'Prado',
      cpf: '11144477735',
      email: 'caio@exemplo.com.br',
      password: 'Senha#forte1',
      phoneNumber: '(21) 99876-5432',
      phoneVerified: false,
      birthDate: '1990-01-01',
      changePasswordRequired: true,
      consentPending: true,
    });
    const { token } = await loginAs(t.app, 'caio@exemplo.com.br', 'Senha#forte1');
    const res = await gql<{ me: Record<string, unknown> }>(t.app, ME, {}, bearer(token));
    expect(res.data?.me).toMatchObject({
      phoneNumber: '21998765432',
      career: null,
      state: null,
      woodWorkRelated: false,
      accountType: null,
      profileStatus: {
        hasBasicProfile: false,
        hasPhoneNumber: false,
        hasConfirmedEmail: false,
        hasAccountType: false,
        showModalConsent: true,
        messageModalConsent: expect.stringContaining('Política de Privacidade'),
        changePasswordRequired: true,
      },
    });
  });
});
