import type { Page } from '@playwright/test';
import {
  altchaPayload,
  expect,
  expectNoAxeViolations,
  graphql,
  loginTokens,
  passHumanCheck,
  signInWithStorage,
  test,
} from './fixtures';
import {
  expireCodesOf,
  expiredAccessTokenOf,
  lastCode,
  lastLink,
  newIdentity,
  passResendCooldownOf,
} from './identities';
import { demo } from './members';
import { fillPassword, fillStepOne, logIn } from './sign-up-helpers';

type Identity = ReturnType<typeof newIdentity>;

/** A member who signed up through the API as the two sign-up screens do, profile still to complete. */
async function signUpByApi(page: Page): Promise<Identity> {
  const who = newIdentity();
  const step = await graphql<{ createUser: { signupId: string } }>(
    page.request,
    'mutation ($i: CreateUserInput!, $a: String) { createUser(input: $i, altcha: $a) { signupId } }',
    {
      a: await altchaPayload(page.request),
      i: {
        name: who.name,
        surName: who.surName,
        cpf: who.cpf,
        email: who.email,
        phoneNumber: who.phone,
        birthDate: who.birthDate,
        acceptTerms: true,
        acceptEmailComunications: true,
        acceptMessageComunications: true,
      },
    },
  );
  const done = await graphql(
    page.request,
    'mutation ($i: CreateUserSecondStepInput!) { createUserSecondStep(input: $i) { access_token } }',
    { i: { signupId: step.data!.createUser.signupId, code: lastCode(who.phone), password: who.password } },
  );
  expect(done.errors).toBeUndefined();
  return who;
}

test.describe('sign-up', () => {
  test('a new member signs up with the SMS code, lands on completing the profile and logs out', async ({ page }) => {
    const who = newIdentity();
    await page.goto('/cadastro');
    await expectNoAxeViolations(page);
    await fillStepOne(page, who);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Confirme seu celular' })).toBeVisible();
    await expect(page.getByText(`(11) 9****-${who.phone.slice(-4)}`)).toBeVisible();

    const resend = page.getByRole('button', { name: /Reenviar código em \d+ s/ });
    await expect(resend).toBeDisabled();
    const first = Number(/(\d+) s/.exec((await resend.textContent()) ?? '')?.[1]);
    await expect(page.getByRole('button', { name: `Reenviar código em ${first - 2} s` })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Código recebido por SMS').fill(lastCode(who.phone));
    await fillPassword(page, who.password);
    await expect(page.getByText('Força da senha:')).toBeVisible();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    // A new member has no basic profile yet: the completeness gate takes over.
    await expect(page).toHaveURL(/\/completar-cadastro\/dados$/);
    // No menu while the gate holds the member here: its links would only bring them back.
    await expect(page.getByRole('heading', { name: 'Complete seus dados', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  // One login per test: what the sign-up stored (CPF, e-mail, celular) is each a way in.
  for (const [path, label, value] of [
    ['/login-cpf', 'CPF', (who: Identity) => who.cpf],
    ['/login-email', 'E-mail', (who: Identity) => who.email],
    ['/login-telefone', 'Celular', (who: Identity) => who.phone],
  ] as const) {
    test(`a member who just signed up logs in on ${path}`, async ({ page }) => {
      const who = await signUpByApi(page);
      await logIn(page, path, label, value(who), who.password);
      await expect(page).toHaveURL(/\/completar-cadastro\/dados$/);
    });
  }

  test('bad data gets pt-BR messages on each field and keeps what was typed', async ({ page }) => {
    const who = newIdentity();
    await page.goto('/cadastro');
    await fillStepOne(page, { ...who, cpf: '12345678900' });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('CPF inválido. Confira os números.')).toBeVisible();
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(who.email);

    await page.getByLabel('CPF').fill('');
    await page.getByLabel('CPF').pressSequentially(demo.cpf);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText(/Este CPF já tem cadastro no clube/).first()).toBeVisible();
    // Someone who is already a member gets the two ways forward at once.
    const ways = page.locator('form .form__actions');
    await expect(ways.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/recuperar-senha');
    await expect(ways.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(who.name);
    await expect(page.getByLabel('Celular')).toHaveValue(who.maskedPhone);

    await page.getByLabel('CPF').fill('');
    await page.getByLabel('CPF').pressSequentially(who.cpf);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Confirme seu celular' })).toBeVisible();

    await fillPassword(page, '12345678');
    await page.getByLabel('Código recebido por SMS').fill('000000');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Essa senha é muito comum e fácil de adivinhar. Escolha outra.')).toBeVisible();

    await fillPassword(page, who.password, `${who.password}!`);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('As senhas não são iguais.')).toBeVisible();

    const code = lastCode(who.phone);
    await page.getByLabel('Código recebido por SMS').fill(code === '000000' ? '111111' : '000000');
    await fillPassword(page, who.password);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Código incorreto. Confira o SMS e tente de novo.').first()).toBeVisible();
    await expect(page.getByLabel('Crie uma senha')).toHaveValue(who.password);

    expireCodesOf(who.phone);
    await page.getByLabel('Código recebido por SMS').fill(code);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Este código expirou. Peça um novo código.').first()).toBeVisible();
    await expect(page.getByLabel('Código recebido por SMS')).toHaveValue(code);
  });
});

test.describe('finishing a sign-up later', () => {
  test('a visitor who left after step one finishes on /completar-cadastro with a new code', async ({ page }) => {
    const who = newIdentity();
    await page.goto('/cadastro-promo/loja-centro');
    await fillStepOne(page, who);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Confirme seu celular' })).toBeVisible();
    const firstCode = lastCode(who.phone);

    await page.goto('/completar-cadastro');
    await expect(page.getByRole('heading', { name: 'Continuar meu cadastro' })).toBeVisible();
    await page.getByLabel('CPF').pressSequentially(who.cpf);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    // The 30-second cooldown of the first code still runs: the member is told to wait, in pt-BR.
    await expect(page.getByRole('alert').filter({ hasText: /Aguarde \d+ segundos/ })).toBeVisible();
    expect(lastCode(who.phone)).toBe(firstCode);

    passResendCooldownOf(who.phone);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByRole('heading', { name: 'Confirme seu celular' })).toBeVisible();
    await page.getByLabel('Código recebido por SMS').fill(lastCode(who.phone));
    await fillPassword(page, who.password);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(/\/completar-cadastro\/dados$/);
  });
});

test.describe('password recovery and e-mail confirmation', () => {
  test('a member gets a code by e-mail, sets a new password, and logs in with it', async ({ page }) => {
    const who = await signUpByApi(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect(page).toHaveURL(/\/recuperar-senha$/);
    await page.getByLabel('CPF, e-mail ou celular').fill(who.maskedCpf);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('button', { name: `SMS para (11) 9****-${who.phone.slice(-4)}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^E-mail para ra\*+@exemplo\.com\.br$/ }).click();

    await page.getByLabel('Código recebido').fill(lastCode(who.email));
    await page.getByLabel('Nova senha').fill('outra frase de marcenaria');
    await page.getByLabel('Confirme a senha').fill('outra frase de marcenaria');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByRole('heading', { name: 'Senha alterada' })).toBeVisible();
    await page.getByRole('link', { name: 'Entrar com a nova senha' }).click();

    await logIn(page, '/login', 'CPF, e-mail ou celular', who.email, who.password);
    await expect(
      page.getByRole('alert').filter({ hasText: 'CPF, e-mail, celular ou senha incorretos.' }),
    ).toBeVisible();
    await logIn(page, '/login', 'CPF, e-mail ou celular', who.email, 'outra frase de marcenaria');
    await expect(page).toHaveURL(/\/completar-cadastro\/dados$/);
  });

  test('the confirmation link confirms the e-mail and opens the profile, even after logging in', async ({ page }) => {
    const who = await signUpByApi(page);
    const link = new URL(lastLink(who.email));
    await page.goto(`${link.pathname}${link.hash}`);
    // Logged out: the login screen at the same address, then the confirmation runs.
    await page.getByLabel('CPF, e-mail ou celular').fill(who.email);
    await page.getByLabel('Senha', { exact: true }).fill(who.password);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/(perfil|completar-cadastro\/dados)$/);
    const { token } = await loginTokens(page.request, who.email, who.password);
    const me = await graphql<{ me: { profileStatus: { hasConfirmedEmail: boolean } } }>(
      page.request,
      '{ me { profileStatus { hasConfirmedEmail } } }',
      {},
      token,
    );
    expect(me.data?.me.profileStatus.hasConfirmedEmail).toBe(true);
  });

  test('a wrong confirmation link sends the member home without a message', async ({ page }) => {
    await signInWithStorage(page, demo.email);
    await page.goto('/confirmar-email#token-que-nao-existe');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
  });
});

test.describe('token lifecycle in the browser', () => {
  test('a garbage access token is replaced through one refresh and the page still works', async ({ page }) => {
    await signInWithStorage(page, demo.email);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('CD_TOKEN', JSON.stringify({ value: 'lixo.lixo.lixo' })));
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && (r.postData() ?? '').includes('MRefreshToken')) refreshes.push(r.url());
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    // Home paints the remembered member at once; the refresh follows while `me` travels.
    await expect.poll(() => refreshes.length).toBe(1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('CD_TOKEN'))).not.toContain('lixo');
  });

  test('an expired access token is replaced through one refresh and the page still works', async ({ page }) => {
    const tokens = await loginTokens(page.request, demo.email);
    const expired = await expiredAccessTokenOf(tokens.token);
    await page.addInitScript(
      ([token, refresh]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('CD_TOKEN', JSON.stringify({ value: token }));
        localStorage.setItem('CD_REFRESH_TOKEN', JSON.stringify({ value: refresh }));
        localStorage.setItem('CD_INITIALIZED', JSON.stringify({ value: true }));
      },
      [expired, tokens.refresh_token],
    );
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && (r.postData() ?? '').includes('MRefreshToken')) refreshes.push(r.url());
    });
    await page.goto('/historico');
    await expect(page.getByRole('heading', { name: 'Extrato de pontos', level: 1 })).toBeVisible();
    expect(refreshes).toHaveLength(1);
    const stored = await page.evaluate(() => localStorage.getItem('CD_TOKEN'));
    expect(stored).not.toContain(expired);
  });

  test('a member whose signal drops is not asked to log in again, and the page loads when it returns', async ({
    page,
  }) => {
    const tokens = await loginTokens(page.request, demo.email);
    const expired = await expiredAccessTokenOf(tokens.token);
    await page.addInitScript(
      ([token, refresh]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('CD_TOKEN', JSON.stringify({ value: token }));
        localStorage.setItem('CD_REFRESH_TOKEN', JSON.stringify({ value: refresh }));
        localStorage.setItem('CD_INITIALIZED', JSON.stringify({ value: true }));
      },
      [expired, tokens.refresh_token],
    );
    // The access token has expired, so the app must refresh it; the refresh is the request that gets lost.
    let signal = false;
    await page.route('**/graphql', (route) =>
      signal || !(route.request().postData() ?? '').includes('MRefreshToken')
        ? route.continue()
        : route.abort('internetdisconnected'),
    );
    await page.goto('/historico');
    await expect(page.getByRole('heading', { name: 'Sem conexão com o clube', level: 1 })).toBeVisible();
    await expect(page.getByLabel('CPF, e-mail ou celular')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('CD_REFRESH_TOKEN'))).toContain(tokens.refresh_token);

    signal = true;
    // The screen also tries again by itself once the club answers (its connection probe), so the page may come
    // back before the member taps: tap "Tentar de novo" only while it is still there, as a person would.
    const extract = page.getByRole('heading', { name: 'Extrato de pontos', level: 1 });
    const retry = page.getByRole('button', { name: 'Tentar de novo' });
    await expect(async () => {
      if (await retry.isVisible()) await retry.click({ timeout: 2_000 });
      await expect(extract).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('CD_TOKEN'))).not.toContain(expired);
  });

  test('a garbage refresh token ends in a clean logged-out state', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('CD_REFRESH_TOKEN', JSON.stringify({ value: 'lixo' }));
      localStorage.setItem('CD_INITIALIZED', JSON.stringify({ value: true }));
    });
    await page.goto('/historico');
    await expect(page.getByLabel('CPF, e-mail ou celular')).toBeVisible();
    const keys = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('CD_') && k !== 'CD_INITIALIZED'),
    );
    expect(keys).toEqual([]);
  });
});
