import '../../test/esm-shims';
import { createTestApp, fakeClock, gql, type FakeClock, type TestApp } from '../../test/helpers';
import { addStore, setActive, StoreError, storesList, storesReport } from './operator';
import { STORE_MESSAGES } from './service';

let t: TestApp;
let clock: FakeClock;
beforeEach(async () => {
  clock = fakeClock(Date.parse('2026-11-24T12:00:00.000Z'));
  t = await createTestApp({ now: clock.now });
});
afterEach(() => t.close());

type Link = { storeLink: { status: string } };
const LINK = `query ($slug: String!) { storeLink(slug: $slug) { status store { slug name city uf } } }`;
const CREATE = `mutation ($input: CreateUserInput!, $slug: String) {
  createUser(input: $input, subsidiarySlug: $slug) { signupId }
}`;
const SECOND = `mutation ($input: CreateUserSecondStepInput!) {
  createUserSecondStep(input: $input) { access_token }
}`;
const member = (n: number) => ({
  name: 'Joana',
  surName: 'Pereira',
  cpf: ['39053344705', '11144477735', '98765432029'][n]!,
  email: `joana${n}@exemplo.com.br`,
  phoneNumber: `(21) 9987${n}-1234`,
  birthDate: '1985-07-01',
  acceptTerms: true,
  acceptEmailComunications: true,
  acceptMessageComunications: false,
});

/** Signs a member up to the end, through `slug`, and answers their access token. */
async function signUp(n: number, slug: string): Promise<string> {
  const step = await gql<{ createUser: { signupId: string } }>(t.app, CREATE, { input: member(n), slug });
  expect(step.errors).toBeUndefined();
  const sms = await t.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', member(n).phoneNumber.replace(/\D/g, ''))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /(\d{6})/.exec(sms.body)?.[1] ?? '';
  const done = await gql<{ createUserSecondStep: { access_token: string } }>(t.app, SECOND, {
    input: { signupId: step.data!.createUser.signupId, code, password: 'cavaco de cedro 42' },
  });
  expect(done.errors).toBeUndefined();
  return done.data!.createUserSecondStep.access_token;
}

describe('store links', () => {
  it('tells an active store, a retired one and an unknown slug apart, without a session', async () => {
    expect((await gql(t.app, LINK, { slug: 'loja-centro' })).data).toEqual({
      storeLink: {
        status: 'ACTIVE',
        store: { slug: 'loja-centro', name: 'Loja Centro Chapas e Ferragens', city: 'Goiânia', uf: 'GO' },
      },
    });
    await setActive(t, 'loja-centro', false);
    expect((await gql(t.app, LINK, { slug: 'loja-centro' })).data).toEqual({
      storeLink: { status: 'DISABLED', store: null },
    });
    for (const slug of ['loja-que-nao-existe', 'Loja Centro', "x' or 1=1 --"]) {
      expect((await gql(t.app, LINK, { slug })).data).toEqual({ storeLink: { status: 'UNKNOWN', store: null } });
    }
  });

  it('links a new member to the store, shows it on me, and refuses a mistyped or retired link', async () => {
    const token = await signUp(0, 'loja-centro');
    const me = await gql(
      t.app,
      '{ me { subsidiarySlug store { name city uf } } }',
      {},
      { authorization: `Bearer ${token}` },
    );
    expect(me.data).toEqual({
      me: {
        subsidiarySlug: 'loja-centro',
        store: { name: 'Loja Centro Chapas e Ferragens', city: 'Goiânia', uf: 'GO' },
      },
    });

    const unknown = await gql(t.app, CREATE, { input: member(1), slug: 'loja-centr' });
    expect(unknown.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { subsidiarySlug: STORE_MESSAGES.unknown },
    });
    await setActive(t, 'madeireira-paulista', false);
    const retired = await gql(t.app, CREATE, { input: member(1), slug: 'madeireira-paulista' });
    expect(retired.errors?.[0]?.extensions?.fields).toEqual({ subsidiarySlug: STORE_MESSAGES.disabled });
    expect(await t.db.selectFrom('pending_signups').select('id').where('cpf', '=', member(1).cpf).execute()).toEqual(
      [],
    );
  });
});

describe('npm run stores', () => {
  it('adds a store with its link, refuses bad or repeated data in Portuguese, and disables and enables it', async () => {
    const store = await addStore(t, { slug: 'casa-das-chapas', name: 'Casa das Chapas', city: 'Recife', uf: 'pe' });
    expect(store).toMatchObject({ slug: 'casa-das-chapas', uf: 'PE', cnpj: null, active: 1 });
    expect((await storesList(t)).map((s) => s.slug)).toContain('casa-das-chapas');

    await expect(addStore(t, { slug: 'casa-das-chapas', name: 'Outra', city: 'Recife', uf: 'PE' })).rejects.toThrow(
      'Já existe uma loja com esse endereço (slug) ou CNPJ.',
    );
    await expect(addStore(t, { slug: 'Casa Nova', name: 'Casa Nova', city: 'Recife', uf: 'PE' })).rejects.toThrow(
      'Use letras minúsculas, números e hífens.',
    );
    await expect(addStore(t, { slug: 'casa-nova', name: 'Casa Nova', city: 'Recife', uf: 'XX' })).rejects.toThrow(
      'Estado XX desconhecido.',
    );
    await expect(
      addStore(t, { slug: 'casa-nova', name: 'Casa Nova', city: 'Recife', uf: 'PE', cnpj: '11.111.111/1111-11' }),
    ).rejects.toThrow('CNPJ inválido.');
    await expect(addStore(t, { slug: 'casa-nova', city: 'Recife', uf: 'PE' })).rejects.toBeInstanceOf(StoreError);

    await setActive(t, 'casa-das-chapas', false);
    expect((await gql<Link>(t.app, LINK, { slug: 'casa-das-chapas' })).data?.storeLink.status).toBe('DISABLED');
    await setActive(t, 'casa-das-chapas', true);
    expect((await gql<Link>(t.app, LINK, { slug: 'casa-das-chapas' })).data?.storeLink.status).toBe('ACTIVE');
    await expect(setActive(t, 'nao-existe', false)).rejects.toThrow('Nenhuma loja com o endereço nao-existe.');
  });

  it('reports sign-ups per store per São Paulo day', async () => {
    await signUp(0, 'loja-centro');
    // 23:30 in São Paulo is already the next day in UTC: it still counts for the 24th.
    clock.advance(Date.parse('2026-11-25T02:30:00.000Z') - clock.now());
    await signUp(1, 'loja-centro');
    clock.advance(24 * 60 * 60 * 1000);
    await signUp(2, 'madeireira-paulista');

    const report = await storesReport(t, '2026-11-24', '2026-11-25');
    expect(report.rows).toEqual([
      { day: '2026-11-24', slug: 'loja-centro', name: 'Loja Centro Chapas e Ferragens', signUps: 2 },
      { day: '2026-11-25', slug: 'madeireira-paulista', name: 'Madeireira Paulista', signUps: 1 },
    ]);
    await expect(storesReport(t, '2026-11-30', '2026-11-01')).rejects.toThrow(
      'A data inicial deve ser antes da final.',
    );
  });
});
