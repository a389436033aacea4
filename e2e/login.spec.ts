import { demo } from './members';
import { expect, passHumanCheck, test } from './fixtures';

test.describe('login', () => {
  test('a visitor on a private page logs in by CPF there, stays after a reload and is sent home from public pages', async ({
    page,
  }) => {
    await page.goto('/perfil');
    await expect(page).toHaveURL(/\/perfil$/);
    await page.getByLabel('CPF, e-mail ou celular').fill(demo.cpf);
    await page.getByLabel('Senha').fill(demo.password);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(page).toHaveURL(/\/perfil$/);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/cadastro');
    await expect(page).toHaveURL(/\/$/);
  });

  test('by e-mail on /login-email and by phone on /login-telefone', async ({ page }) => {
    await page.goto('/login-email');
    await page.getByLabel('E-mail', { exact: true }).fill(demo.email.toUpperCase());
    await page.getByLabel('Senha').fill(demo.password);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();

    // On a phone "Sair" is under the tab bar's "Mais".
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Mais' }).click();
    await menu.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/login-telefone');
    const phone = page.getByLabel('Celular', { exact: true });
    await phone.pressSequentially('11987654321');
    await expect(phone).toHaveValue(demo.phone);
    await page.getByLabel('Senha').fill(demo.password);
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
  });

  test('the CPF login masks the number and refuses an invalid CPF before sending', async ({ page }) => {
    await page.goto('/login-cpf');
    const cpf = page.getByLabel('CPF', { exact: true });
    await cpf.pressSequentially('52998224724');
    await expect(cpf).toHaveValue('529.982.247-24');
    await page.getByLabel('Senha').fill(demo.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('CPF inválido. Confira os números.')).toBeVisible();
    await expect(cpf).toHaveAttribute('aria-invalid', 'true');
  });

  test('wrong credentials get one pt-BR message and keep what was typed', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('CPF, e-mail ou celular').fill(demo.email);
    await page.getByLabel('Senha').fill('senha-errada');
    await passHumanCheck(page);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'CPF, e-mail, celular ou senha incorretos.' }),
    ).toBeVisible();
    await expect(page.getByLabel('CPF, e-mail ou celular')).toHaveValue(demo.email);

    await page.getByLabel('CPF, e-mail ou celular').fill('ninguem@exemplo.com.br');
    // A solution is accepted once: after a refused login a new one is solved in the background, with no tap.
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Confirme que você não é um robô')).toHaveCount(0);
    await expect(
      page.getByRole('alert').filter({ hasText: 'CPF, e-mail, celular ou senha incorretos.' }),
    ).toBeVisible();
  });

  test('empty fields are explained next to each field', async ({ page }) => {
    await page.goto('/login');
    // While the person reads, nothing claims to be preparing: the security check starts with their first action.
    await expect(page.getByLabel('Senha')).toBeEditable();
    await expect(page.getByText('Preparando a verificação de segurança…')).toBeHidden();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.locator('altcha-widget')).toBeAttached({ timeout: 15_000 });
    await expect(page.getByText('Informe seu CPF, e-mail ou celular.')).toBeVisible();
    await expect(page.getByText('Informe sua senha.')).toBeVisible();
  });
});

test('the login form validates without any Content-Security-Policy violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.sourceFile}`));
  });
  await page.goto('/login');
  await page.getByLabel('CPF, e-mail ou celular').fill('123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Informe sua senha.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test.describe('before any script arrives', () => {
  // What a phone on a weak signal shows while the JavaScript is still downloading.
  test.use({ javaScriptEnabled: false });

  for (const [path, heading, field] of [
    ['/login', 'Entrar no clube', 'CPF, e-mail ou celular'],
    ['/login-cpf', 'Entrar no clube', 'CPF'],
    ['/cadastro', 'Cadastre-se no clube', 'CPF'],
  ] as const) {
    test(`${path} already shows its heading and form fields in the HTML`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByLabel(field, { exact: true })).toBeVisible();
    });
  }
});

test.describe('while the scripts are still arriving', () => {
  test('"Entrar" takes the send at once, the login goes through with what was typed once the page loads, and no request carries the password in its URL', async ({
    page,
  }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // A weak signal: the page paints, but its JavaScript takes long to arrive.
    await page.route('**/_next/static/chunks/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Entrar', exact: true });
    await expect(button).toBeEnabled();
    await page.getByLabel('CPF, e-mail ou celular').fill(demo.email);
    await page.getByLabel('Senha').fill(demo.password);
    await page.getByLabel('Senha').press('Enter');
    // The send is taken and kept on the page (not sent natively, password in the body of a page request).
    await expect(page.getByText('Entrando… o envio segue assim que a página terminar de carregar.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    release();
    // No second tap: the human check solves after the send and the member arrives home.
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible({ timeout: 30_000 });
    expect(urls.filter((url) => url.includes(encodeURIComponent(demo.password)) || url.includes('password='))).toEqual(
      [],
    );
  });
});
