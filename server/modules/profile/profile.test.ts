import '../../test/esm-shims';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DEMO_MEMBER } from '../../seed';
import {
  createTestApp,
  fakeClock,
  gql,
  loginAs,
  type FakeClock,
  type GraphQLResponse,
  type TestApp,
} from '../../test/helpers';
import { TINY_JPEG } from '../../test/images';
import { multipart, type TestFile } from '../../test/multipart';
import { createMember } from '../users/repository';
import { createCepProvider, viaCepProvider } from '../../adapters/cep';
import type { OutboundResponse } from '../../adapters/outbound';
import { CONTACT_MESSAGES } from './contact-change';
import { PROFILE_MESSAGES } from './service';

let t: TestApp;
let clock: FakeClock;
let dataDir: string;
beforeEach(async () => {
  clock = fakeClock();
  dataDir = mkdtempSync(path.join(tmpdir(), 'perfil-'));
  t = await createTestApp({ now: clock.now, dataDir });
});
afterEach(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const demoToken = async () => (await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password)).token;

async function otherMember() {
  await createMember(t.db, {
    name: 'Bia',
    surName: 'Lima',
    cpf: '111.444.777-35',
    email: 'bia@exemplo.com.br',
    password: 'Senha#forte1',
    phoneNumber: '21998765432',
    phoneVerified: true,
    careerName: 'Marceneiro',
  });
  return (await loginAs(t.app, 'bia@exemplo.com.br', 'Senha#forte1')).token;
}

const PROFILE_INPUT = {
  birthDate: '14/03/1988',
  gender: 'feminino',
  careerId: '1',
  cep: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: 'Sala 5',
  district: 'Bela Vista',
  stateId: '25',
  cityName: 'Campinas',
  acceptEmailComunications: false,
  acceptMessageComunications: true,
};

const WORKSHOP_INPUT = {
  corporateName: 'Marcenaria Souza LTDA',
  fantasyName: 'Souza Móveis',
  cep: '',
  address: '',
  number: '',
  complement: '',
  district: '',
  stateId: '',
  cityName: '',
  siteUrl: 'www.souzamoveis.com.br',
  instagramUrl: 'instagram.com/souzamoveis',
  facebookUrl: '@souzamoveis',
};

const SURVEY_INPUT = {
  employeesAmount: 4,
  customerType: 'ambos',
  bedroomProjectGrade: 5,
  kitchenProjectGrade: 4,
  bathroomProjectGrade: null,
  laundryProjectGrade: 1,
  livingRoomProjectGrade: 3,
  otherProjectTypes: 'Lojas',
  equipmentIds: ['1', '2', '2'],
  otherEquipments: '',
};

const UPDATE_PROFILE = `mutation ($input: UpdateProfileInput!) {
  updateProfile(input: $input) { birthDate gender career { name } cep complement state { uf } city { name }
    acceptEmailComunications profileStatus { hasBasicProfile } }
}`;
const UPDATE_WORKSHOP = `mutation ($id: ID, $input: UpdateUserWoodWorkInput!) {
  updateUserWoodWork(id: $id, input: $input) { id corporateName siteUrl instagramUrl facebookUrl }
}`;
const UPDATE_SURVEY = `mutation ($id: ID, $input: UpdateWoodworkSurveyInput!) {
  updateWoodworkSurvey(id: $id, input: $input) { id employeesAmount customerType bedroomProjectGrade equipments { id name } }
}`;

async function stateId(uf: string) {
  return String((await t.db.selectFrom('states').select('id').where('uf', '=', uf).executeTakeFirstOrThrow()).id);
}

describe('profile', () => {
  it('updates the profile, takes dd/mm/aaaa dates and resolves the city by name', async () => {
    const token = await demoToken();
    const res = await gql(
      t.app,
      UPDATE_PROFILE,
      { input: { ...PROFILE_INPUT, stateId: await stateId('SP') } },
      auth(token),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      updateProfile: {
        birthDate: '1988-03-14',
        gender: 'feminino',
        career: { name: 'Marceneiro' },
        cep: '01310100',
        complement: 'Sala 5',
        state: { uf: 'SP' },
        city: { name: 'Campinas' },
        acceptEmailComunications: false,
        profileStatus: { hasBasicProfile: true },
      },
    });
  });

  it('keeps a city typed by hand without offering it to other members', async () => {
    const token = await demoToken();
    const sp = await stateId('SP');
    const res = await gql(
      t.app,
      UPDATE_PROFILE,
      { input: { ...PROFILE_INPUT, stateId: sp, cityName: 'Águas de Lindóia' } },
      auth(token),
    );
    expect(res.data).toMatchObject({ updateProfile: { city: { name: 'Águas de Lindóia' } } });
    const again = await gql(
      t.app,
      UPDATE_PROFILE,
      { input: { ...PROFILE_INPUT, stateId: sp, cityName: 'aguas de  lindoia' } },
      auth(token),
    );
    expect(again.data).toMatchObject({ updateProfile: { city: { name: 'Águas de Lindóia' } } });
    const list = await gql<{ cities: { name: string }[] }>(t.app, `query ($s: ID!) { cities(stateId: $s) { name } }`, {
      s: sp,
    });
    expect(list.data?.cities.map((c) => c.name)).toContain('Campinas');
    expect(list.data?.cities.map((c) => c.name)).not.toContain('Águas de Lindóia');
  });

  it('refuses bad fields with per-field pt-BR messages', async () => {
    const token = await demoToken();
    const res = await gql(
      t.app,
      UPDATE_PROFILE,
      {
        input: {
          ...PROFILE_INPUT,
          birthDate: '31/02/1990',
          gender: 'x',
          cep: '0131',
          address: 'a'.repeat(121),
          number: '',
          stateId: '',
          cityName: 'Cidade 123',
        },
      },
      auth(token),
    );
    expect(res.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: {
        birthDate: 'Data inválida. Use dd/mm/aaaa.',
        gender: 'Escolha uma opção.',
        cep: 'CEP inválido. Use 8 números, como 01310-100.',
        address: 'Use no máximo 120 caracteres.',
        number: 'Informe o número (ou S/N).',
        stateId: 'Escolha o estado.',
        cityName: 'Use apenas letras no nome da cidade.',
      },
    });
    const minor = await gql(
      t.app,
      UPDATE_PROFILE,
      { input: { ...PROFILE_INPUT, birthDate: '01/01/2015' } },
      auth(token),
    );
    expect(minor.errors?.[0]?.extensions?.fields).toEqual({ birthDate: 'O clube é para maiores de 18 anos.' });
    const career = await gql(t.app, UPDATE_PROFILE, { input: { ...PROFILE_INPUT, careerId: '999' } }, auth(token));
    expect(career.errors?.[0]?.extensions?.fields).toEqual({ careerId: PROFILE_MESSAGES.career });
  });

  it('answers UNAUTHENTICATED without a session and NOT_FOUND for another member', async () => {
    expect((await gql(t.app, UPDATE_PROFILE, { input: PROFILE_INPUT })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    const bia = await otherMember();
    const demoId = (
      await t.db.selectFrom('users').select('id').where('cpf', '=', DEMO_MEMBER.cpf).executeTakeFirstOrThrow()
    ).id;
    const read = await gql(t.app, `query ($id: ID!) { user(id: $id) { email } }`, { id: String(demoId) }, auth(bia));
    expect(read.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(JSON.stringify(read.data)).not.toContain(DEMO_MEMBER.email);
  });
});

describe('workshop and survey', () => {
  it('saves the workshop and survey of a woodwork member, normalising URLs and equipment', async () => {
    const token = await demoToken();
    const ww = await gql<{ updateUserWoodWork: { id: string } }>(
      t.app,
      UPDATE_WORKSHOP,
      { input: WORKSHOP_INPUT },
      auth(token),
    );
    expect(ww.errors).toBeUndefined();
    expect(ww.data?.updateUserWoodWork).toMatchObject({
      corporateName: 'Marcenaria Souza LTDA',
      siteUrl: 'https://www.souzamoveis.com.br',
      instagramUrl: 'https://instagram.com/souzamoveis',
      // A handle is kept as the page's address.
      facebookUrl: 'https://facebook.com/souzamoveis',
    });
    const survey = await gql<{ updateWoodworkSurvey: { equipments: unknown[] } }>(
      t.app,
      UPDATE_SURVEY,
      { input: SURVEY_INPUT },
      auth(token),
    );
    expect(survey.errors).toBeUndefined();
    expect(survey.data?.updateWoodworkSurvey).toMatchObject({
      employeesAmount: 4,
      customerType: 'ambos',
      bedroomProjectGrade: 5,
    });
    expect(survey.data?.updateWoodworkSurvey.equipments).toHaveLength(2);
    const read = await gql(
      t.app,
      `{ me { userWoodWork { fantasyName woodworkSurvey { kitchenProjectGrade otherProjectTypes } } } }`,
      {},
      auth(token),
    );
    expect(read.data).toEqual({
      me: {
        userWoodWork: {
          fantasyName: 'Souza Móveis',
          woodworkSurvey: { kitchenProjectGrade: 4, otherProjectTypes: 'Lojas' },
        },
      },
    });
  });

  it('refuses invalid URLs, grades and sizes field by field', async () => {
    const token = await demoToken();
    const ww = await gql(
      t.app,
      UPDATE_WORKSHOP,
      {
        input: {
          ...WORKSHOP_INPUT,
          siteUrl: 'nao é url',
          instagramUrl: 'facebook.com/x',
          corporateName: 'x'.repeat(151),
          cep: '123',
        },
      },
      auth(token),
    );
    expect(ww.errors?.[0]?.extensions?.fields).toEqual({
      siteUrl: 'Endereço inválido. Exemplo: www.suamarcenaria.com.br',
      instagramUrl: 'Use o @ do perfil ou o endereço, como @suamarcenaria ou instagram.com/suamarcenaria',
      corporateName: 'Use no máximo 150 caracteres.',
      cep: 'CEP inválido. Use 8 números, como 01310-100.',
    });
    const survey = await gql(
      t.app,
      UPDATE_SURVEY,
      {
        input: {
          ...SURVEY_INPUT,
          bedroomProjectGrade: 6,
          employeesAmount: -1,
          customerType: 'x',
          equipmentIds: ['999'],
        },
      },
      auth(token),
    );
    expect(survey.errors?.[0]?.extensions?.fields).toEqual({
      bedroomProjectGrade: 'Notas de 1 a 5.',
      employeesAmount: 'Informe um número de 0 a 10000.',
      customerType: 'Escolha uma opção.',
    });
    const unknownEquipment = await gql(
      t.app,
      UPDATE_SURVEY,
      { input: { ...SURVEY_INPUT, equipmentIds: ['999'] } },
      auth(token),
    );
    expect(unknownEquipment.errors?.[0]?.extensions?.fields).toEqual({ equipmentIds: 'Equipamento inválido.' });
  });

  it("never reads or changes another member's workshop or survey: NOT_FOUND", async () => {
    const demo = await demoToken();
    const own = await gql<{ updateUserWoodWork: { id: string } }>(
      t.app,
      UPDATE_WORKSHOP,
      { input: WORKSHOP_INPUT },
      auth(demo),
    );
    const survey = await gql<{ updateWoodworkSurvey: { id: string } }>(
      t.app,
      UPDATE_SURVEY,
      { input: SURVEY_INPUT },
      auth(demo),
    );
    const wwId = own.data!.updateUserWoodWork.id;
    const surveyId = survey.data!.updateWoodworkSurvey.id;
    const bia = await otherMember();

    for (const res of [
      await gql(t.app, `query ($id: ID) { userWoodWork(id: $id) { corporateName } }`, { id: wwId }, auth(bia)),
      await gql(t.app, `query ($id: ID) { woodworkSurvey(id: $id) { employeesAmount } }`, { id: surveyId }, auth(bia)),
      await gql(
        t.app,
        UPDATE_WORKSHOP,
        { id: wwId, input: { ...WORKSHOP_INPUT, corporateName: 'Roubada' } },
        auth(bia),
      ),
      await gql(t.app, UPDATE_SURVEY, { id: surveyId, input: SURVEY_INPUT }, auth(bia)),
    ]) {
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const mine = await gql(t.app, `{ userWoodWork { corporateName } }`, {}, auth(bia));
    expect(mine.data).toEqual({ userWoodWork: null });
    const demoStill = await gql(t.app, `{ userWoodWork { corporateName } }`, {}, auth(demo));
    expect(demoStill.data).toEqual({ userWoodWork: { corporateName: 'Marcenaria Souza LTDA' } });
  });

  it('refuses the workshop to a member whose career is not woodwork-related', async () => {
    await createMember(t.db, {
      name: 'Caio',
      surName: 'Prado',
      cpf: '12345678909',
      email: 'caio@exemplo.com.br',
      password: 'Senha#forte1',
      careerName: 'Arquiteto',
    });
    const token = (await loginAs(t.app, 'caio@exemplo.com.br', 'Senha#forte1')).token;
    const res = await gql(t.app, UPDATE_WORKSHOP, { input: WORKSHOP_INPUT }, auth(token));
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('CNPJ', () => {
  const UPDATE = `mutation ($cnpj: String!) { updateCnpj(cnpj: $cnpj) { cnpj cnpjUpdatedAt cnpjChangeAllowedFrom } }`;

  it('accepts the alphanumeric CNPJ, records cnpjUpdatedAt and allows a change once every 90 days', async () => {
    const token = await demoToken();
    const first = await gql(t.app, UPDATE, { cnpj: '12.ABC.345/01DE-35' }, auth(token));
    expect(first.data).toEqual({
      updateCnpj: {
        cnpj: '12ABC34501DE35',
        cnpjUpdatedAt: '2026-11-22T12:00:00.000Z',
        cnpjChangeAllowedFrom: '2027-02-20T12:00:00.000Z',
      },
    });
    const soon = await gql(t.app, UPDATE, { cnpj: '11.222.333/0001-81' }, auth(token));
    expect(soon.errors?.[0]?.extensions?.fields).toEqual({
      cnpj: 'O CNPJ só pode ser alterado de novo a partir de 20/02/2027.',
    });
    clock.advance(90 * 24 * 60 * 60 * 1000);
    const later = await gql(t.app, UPDATE, { cnpj: '11.222.333/0001-81' }, auth(await demoToken()));
    expect(later.data).toMatchObject({ updateCnpj: { cnpj: '11222333000181' } });
  });

  it('refuses wrong check digits, the same CNPJ and one taken by another member', async () => {
    const token = await demoToken();
    const bad = await gql(t.app, UPDATE, { cnpj: '12.ABC.345/01DE-36' }, auth(token));
    expect(bad.errors?.[0]?.extensions?.fields).toEqual({ cnpj: 'CNPJ inválido. Confira os números e letras.' });
    await gql(t.app, UPDATE, { cnpj: '11222333000181' }, auth(token));
    const same = await gql(t.app, UPDATE, { cnpj: '11.222.333/0001-81' }, auth(token));
    expect(same.errors?.[0]?.extensions?.fields).toEqual({ cnpj: PROFILE_MESSAGES.cnpjSame });
    const bia = await otherMember();
    const taken = await gql(t.app, UPDATE, { cnpj: '11.222.333/0001-81' }, auth(bia));
    expect(taken.errors?.[0]?.extensions?.fields).toEqual({ cnpj: PROFILE_MESSAGES.cnpjTaken });
  });
});

describe('phone and e-mail change', () => {
  const REQUEST = `mutation ($p: String!) { requestPhoneChange(phoneNumber: $p) { maskedPhone resendInSeconds } }`;
  const CONFIRM = `mutation ($c: String!) { confirmPhoneChange(code: $c) { phoneNumber profileStatus { hasPhoneNumber } } }`;
  const lastSms = async (to: string) =>
    (
      await t.db
        .selectFrom('outbox')
        .select('body')
        .where('recipient', '=', to)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    )?.body ?? '';

  it('texts a code to the new celular and changes it only with the right code', async () => {
    const token = await demoToken();
    const sent = await gql(t.app, REQUEST, { p: '(31) 99876-1234' }, auth(token));
    expect(sent.data).toEqual({ requestPhoneChange: { maskedPhone: '(31) 9****-1234', resendInSeconds: 30 } });
    const code = /(\d{6})/.exec(await lastSms('31998761234'))?.[1] ?? '';
    const wrong = await gql(t.app, CONFIRM, { c: code === '000000' ? '111111' : '000000' }, auth(token));
    expect(wrong.errors?.[0]?.extensions?.fields).toEqual({ code: 'Código incorreto. Confira o SMS e tente de novo.' });
    const tooSoon = await gql(t.app, REQUEST, { p: '(31) 99876-1234' }, auth(token));
    expect(tooSoon.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    const ok = await gql(t.app, CONFIRM, { c: code }, auth(token));
    expect(ok.data).toEqual({
      confirmPhoneChange: { phoneNumber: '31998761234', profileStatus: { hasPhoneNumber: true } },
    });
  });

  it('refuses a celular of another member and an invalid one', async () => {
    await otherMember();
    const token = await demoToken();
    const taken = await gql(t.app, REQUEST, { p: '(21) 99876-5432' }, auth(token));
    expect(taken.errors?.[0]?.extensions?.fields).toEqual({ phoneNumber: CONTACT_MESSAGES.phoneTaken });
    const bad = await gql(t.app, REQUEST, { p: '1234' }, auth(token));
    expect(bad.errors?.[0]?.extensions?.fields).toEqual({
      phoneNumber: 'Celular inválido. Use DDD e número, como (11) 98765-4321.',
    });
  });

  it('keeps the e-mail until the link is confirmed and shows the new one as pending', async () => {
    const token = await demoToken();
    const REQ = `mutation ($e: String!) { requestEmailChange(email: $e) { pendingEmail } }`;
    await otherMember();
    const taken = await gql(t.app, REQ, { e: 'BIA@exemplo.com.br' }, auth(token));
    expect(taken.errors?.[0]?.extensions?.fields).toEqual({ email: CONTACT_MESSAGES.emailTaken });
    const res = await gql(t.app, REQ, { e: 'Nova@Exemplo.com.br' }, auth(token));
    expect(res.data).toEqual({ requestEmailChange: { pendingEmail: 'nova@exemplo.com.br' } });
    const before = await gql(t.app, `{ me { email pendingEmail } }`, {}, auth(token));
    expect(before.data).toEqual({ me: { email: DEMO_MEMBER.email, pendingEmail: 'nova@exemplo.com.br' } });
    const link = (await lastSms('nova@exemplo.com.br')).match(/#([\w-]+)/)?.[1] ?? '';
    const confirm = await gql(
      t.app,
      `mutation ($t: String!) { confirmEmail(data: { emailConfirmationToken: $t }) { success } }`,
      { t: link },
      auth(token),
    );
    expect(confirm.data).toEqual({ confirmEmail: { success: true } });
    const after = await gql(t.app, `{ me { email pendingEmail } }`, {}, auth(token));
    expect(after.data).toEqual({ me: { email: 'nova@exemplo.com.br', pendingEmail: null } });
  });
});

describe('consent', () => {
  it('records the answer once and stops asking', async () => {
    await t.db.updateTable('users').set({ consent_pending: 1 }).execute();
    const token = await demoToken();
    const res = await gql(
      t.app,
      `mutation { answerConsent(accepted: true) { showModalConsent messageModalConsent } }`,
      {},
      auth(token),
    );
    expect(res.data).toEqual({ answerConsent: { showModalConsent: false, messageModalConsent: null } });
    const rows = await t.db.selectFrom('consent_answers').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accepted: 1 });
    await gql(t.app, `mutation { answerConsent(accepted: false) { showModalConsent } }`, {}, auth(token));
    expect(await t.db.selectFrom('consent_answers').selectAll().execute()).toHaveLength(1);
  });
});

describe('CEP', () => {
  const CEP = `query ($cep: String!) { cepAddress(cep: $cep) { cep address district state { uf } cityName } }`;

  it('answers from the bundled sample, null for an unknown CEP, and refuses a malformed one', async () => {
    const token = await demoToken();
    const found = await gql(t.app, CEP, { cep: '01310-100' }, auth(token));
    expect(found.data).toEqual({
      cepAddress: {
        cep: '01310100',
        address: 'Avenida Paulista',
        district: 'Bela Vista',
        state: { uf: 'SP' },
        cityName: 'São Paulo',
      },
    });
    expect((await gql(t.app, CEP, { cep: '99999-999' }, auth(token))).data).toEqual({ cepAddress: null });
    expect((await gql(t.app, CEP, { cep: '123' }, auth(token))).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await gql(t.app, CEP, { cep: '01310-100' })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('reads ViaCEP answers and falls back to the sample when ViaCEP fails', async () => {
    const answer = (body: string, status = 200): OutboundResponse => ({
      status,
      headers: {},
      body: Buffer.from(body),
      truncated: false,
    });
    const ok = viaCepProvider(async () =>
      answer(
        JSON.stringify({
          cep: '80010-000',
          logradouro: 'Praça Tiradentes',
          bairro: 'Centro',
          localidade: 'Curitiba',
          uf: 'PR',
        }),
      ),
    );
    expect(await ok.lookup('80010000')).toEqual({
      cep: '80010000',
      address: 'Praça Tiradentes',
      district: 'Centro',
      cityName: 'Curitiba',
      uf: 'PR',
    });
    const unknown = viaCepProvider(async () => answer(JSON.stringify({ erro: 'true' })));
    expect(await unknown.lookup('99999999')).toBeNull();

    const errors: unknown[] = [];
    const down = createCepProvider('viacep', {
      send: async () => {
        throw new Error('sem internet');
      },
      onError: (e) => errors.push(e),
    });
    expect(await down.lookup('01001000')).toMatchObject({ address: 'Praça da Sé', uf: 'SP' });
    expect(await down.lookup('99999999')).toBeNull();
    expect(errors).toHaveLength(2);
    const http500 = createCepProvider('viacep', { send: async () => answer('erro', 500) });
    expect(await http500.lookup('01001000')).toMatchObject({ cityName: 'São Paulo' });
  });
});

describe('reference lists', () => {
  it('lists careers, 27 states, the shipped municipalities and equipment', async () => {
    const res = await gql<{ careers: unknown[]; states: { uf: string }[]; equipments: unknown[] }>(
      t.app,
      `{ careers { id name woodWorkRelated } states { id uf name } equipments { id name } }`,
    );
    expect(res.data?.states).toHaveLength(27);
    expect(res.data?.careers.length).toBeGreaterThanOrEqual(5);
    expect(res.data?.equipments.length).toBeGreaterThan(10);
    const count = await t.db
      .selectFrom('cities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(800);
  });

  it('lists states and cities in pt-BR order, accents and all', async () => {
    const res = await gql<{ states: { id: string; name: string }[] }>(t.app, '{ states { id name } }');
    const names = res.data!.states.map((s) => s.name);
    expect(names.slice(names.indexOf('Pará'), names.indexOf('Pará') + 3)).toEqual(['Pará', 'Paraíba', 'Paraná']);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const mg = res.data!.states.find((s) => s.name === 'Minas Gerais')!.id;
    const cities = await gql<{ cities: { name: string }[] }>(
      t.app,
      'query ($s: ID!) { cities(stateId: $s) { name } }',
      {
        s: mg,
      },
    );
    const cityNames = cities.data!.cities.map((c) => c.name);
    expect(cityNames.length).toBeGreaterThan(10);
    expect(cityNames).toEqual([...cityNames].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });
});

describe('profile photo', () => {
  const PHOTO = `mutation ($file: Upload) { updateProfileImage(file: $file) { profileImage } }`;
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  // A real JPEG: the API reads the header of every photo it keeps.
  const JPEG = TINY_JPEG;
  type PhotoResult = GraphQLResponse<{ updateProfileImage: { profileImage: string | null } }>;

  /** Sends the photo as the browser does: a GraphQL multipart request with the CSRF preflight header. */
  async function sendPhoto(token: string, file: TestFile | null): Promise<PhotoResult> {
    const body = multipart(PHOTO, { file: null }, file ? ['variables.file'] : [], file ? [file] : []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': body.contentType, 'apollo-require-preflight': 'true', ...auth(token) },
      payload: body.payload,
    });
    const json = res.json<Pick<PhotoResult, 'data' | 'errors'>>();
    return { status: res.statusCode, data: json.data, errors: json.errors };
  }
  const storedPhotos = () => {
    const dir = path.join(dataDir, 'uploads', 'profile');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const profileImageOf = async () =>
    (
      await t.db
        .selectFrom('users')
        .select('profile_image')
        .where('cpf', '=', DEMO_MEMBER.cpf)
        .executeTakeFirstOrThrow()
    ).profile_image;

  it('stores an uploaded photo under a random name with the type its bytes say, and serves it', async () => {
    const token = await demoToken();
    // Named and declared as JPEG, sniffed as PNG: the bytes decide.
    const res = await sendPhoto(token, { name: 'eu.jpg', content: PNG, type: 'image/jpeg' });
    expect(res.errors).toBeUndefined();
    const url = res.data?.updateProfileImage.profileImage ?? '';
    expect(url).toMatch(/^\/uploads\/profile\/[a-f0-9]{32}\.png$/);
    expect(await profileImageOf()).toBe(url);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/profile/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/profile/..%2Fclub.sqlite' })).statusCode).toBe(404);

    // A new photo replaces the old one, whose file goes.
    const next = await sendPhoto(token, { name: 'nova.jpg', content: JPEG, type: 'image/jpeg' });
    const nextUrl = next.data?.updateProfileImage.profileImage ?? '';
    expect(nextUrl).toMatch(/^\/uploads\/profile\/[a-f0-9]{32}\.jpg$/);
    expect(storedPhotos()).toEqual([path.basename(nextUrl)]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a 2.5 MB photo with the pt-BR message, not HTTP 413, and keeps the current one', async () => {
    const token = await demoToken();
    const first = await sendPhoto(token, { name: 'eu.png', content: PNG, type: 'image/png' });
    const url = first.data?.updateProfileImage.profileImage;
    const big = Buffer.concat([JPEG, Buffer.alloc(2.5 * 1024 * 1024 - JPEG.length)]);
    const res = await sendPhoto(token, { name: 'grande.jpg', content: big, type: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect(res.errors?.[0]).toMatchObject({
      message: 'A foto pode ter no máximo 2 MB.',
      extensions: { code: 'BAD_USER_INPUT', fields: { photo: 'A foto pode ter no máximo 2 MB.' } },
    });
    expect(await profileImageOf()).toBe(url);
    expect(storedPhotos()).toHaveLength(1);
    // Exactly 2 MB still goes through.
    const limit = Buffer.concat([JPEG, Buffer.alloc(2 * 1024 * 1024 - JPEG.length)]);
    const ok = await sendPhoto(token, { name: 'limite.jpg', content: limit, type: 'image/jpeg' });
    expect(ok.errors).toBeUndefined();
  });

  it('refuses HTML bytes named .jpg with the format message', async () => {
    const token = await demoToken();
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const res = await sendPhoto(token, { name: 'foto.jpg', content: html, type: 'image/jpeg' });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Envie uma foto JPG, PNG ou WebP.',
      extensions: { code: 'BAD_USER_INPUT', fields: { photo: 'Envie uma foto JPG, PNG ou WebP.' } },
    });
    const empty = await sendPhoto(token, { name: 'vazia.jpg', content: Buffer.alloc(0), type: 'image/jpeg' });
    expect(empty.errors?.[0]?.extensions?.fields).toEqual({ photo: 'Envie uma foto JPG, PNG ou WebP.' });
    expect(await profileImageOf()).toBeNull();
    expect(storedPhotos()).toEqual([]);
  });

  it('removes the photo when no file is sent, as multipart or as plain JSON', async () => {
    const token = await demoToken();
    await sendPhoto(token, { name: 'eu.png', content: PNG, type: 'image/png' });
    expect(storedPhotos()).toHaveLength(1);
    const removed = await sendPhoto(token, null);
    expect(removed.errors).toBeUndefined();
    expect(removed.data?.updateProfileImage.profileImage).toBeNull();
    expect(storedPhotos()).toEqual([]);
    expect(await profileImageOf()).toBeNull();

    await sendPhoto(token, { name: 'eu.png', content: PNG, type: 'image/png' });
    const json = await gql<{ updateProfileImage: { profileImage: string | null } }>(t.app, PHOTO, {}, auth(token));
    expect(json.data?.updateProfileImage.profileImage).toBeNull();
    expect(storedPhotos()).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await sendPhoto('nao-e-token', { name: 'eu.png', content: PNG, type: 'image/png' });
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(storedPhotos()).toEqual([]);
  });
});

describe('data rights', () => {
  it("exports the member's own data, other modules' rows included, without secrets or other members", async () => {
    const token = await demoToken();
    await gql(t.app, UPDATE_WORKSHOP, { input: WORKSHOP_INPUT }, auth(token));
    await otherMember();
    // Stand-ins for another module's tables: one keyed by user_id, one hanging off it by a foreign key.
    await sql`CREATE TABLE nf_fake (id INTEGER PRIMARY KEY, user_id INTEGER, number TEXT, file_hash TEXT)`.execute(
      t.db,
    );
    await sql`CREATE TABLE nf_fake_events (id INTEGER PRIMARY KEY, nf_id INTEGER REFERENCES nf_fake(id), note TEXT)`.execute(
      t.db,
    );
    const ids = await t.db.selectFrom('users').select(['id', 'cpf']).execute();
    const demoId = ids.find((u) => u.cpf === DEMO_MEMBER.cpf)!.id;
    const biaId = ids.find((u) => u.cpf !== DEMO_MEMBER.cpf)!.id;
    await sql`INSERT INTO nf_fake (id, user_id, number, file_hash)
      VALUES (1, ${demoId}, 'NF-DEMO', 'abc'), (2, ${biaId}, 'NF-BIA', 'def')`.execute(t.db);
    await sql`INSERT INTO nf_fake_events (id, nf_id, note) VALUES (1, 1, 'evento da Ana'), (2, 2, 'evento da Bia')`.execute(
      t.db,
    );

    const res = await gql<{ myData: string }>(t.app, `{ myData }`, {}, auth(token));
    const data = JSON.parse(res.data!.myData);
    expect(data.participante).toMatchObject({ email: DEMO_MEMBER.email, cpf: DEMO_MEMBER.cpf, city: 'São Paulo' });
    expect(data.participante.password_hash).toBeUndefined();
    expect(data.marcenaria).toMatchObject({ corporate_name: 'Marcenaria Souza LTDA' });
    expect(data.outrosDados.nf_fake).toEqual([{ id: 1, user_id: demoId, number: 'NF-DEMO' }]);
    expect(data.outrosDados.nf_fake_events).toEqual([{ id: 1, nf_id: 1, note: 'evento da Ana' }]);
    expect(data.outrosDados).toHaveProperty('points_ledger');
    expect(data.outrosDados).toHaveProperty('invoices');
    expect(res.data!.myData).not.toContain('evento da Bia');
    expect(res.data!.myData).not.toContain('NF-BIA');
    expect(res.data!.myData).not.toContain('bia@exemplo.com.br');
    expect(res.data!.myData).not.toMatch(/argon2|token_hash/);
  });

  it('deletes the account with the password: disabled, logged out, anonymised, cannot log in', async () => {
    const session = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const DELETE = `mutation ($p: String!) { deleteAccount(password: $p) { success } }`;
    const wrong = await gql(t.app, DELETE, { p: 'errada' }, auth(session.token));
    expect(wrong.errors?.[0]?.extensions?.fields).toEqual({ password: 'Senha incorreta.' });
    const ok = await gql(t.app, DELETE, { p: DEMO_MEMBER.password }, auth(session.token));
    expect(ok.data).toEqual({ deleteAccount: { success: true } });

    const row = await t.db.selectFrom('users').selectAll().where('cpf', 'like', 'excluido-%').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Conta', phone_number: null, birth_date: null, address: null });
    expect(row.disabled_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(DEMO_MEMBER.email);
    const refresh = await gql(t.app, `mutation ($r: String!) { refreshToken(refreshToken: $r) { access_token } }`, {
      r: session.refresh_token,
    });
    expect(refresh.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await expect(loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password)).rejects.toThrow();
    await expect(loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).rejects.toThrow();
  });
});
