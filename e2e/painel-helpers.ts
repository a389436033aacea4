import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from '@playwright/test';
import { clubCli } from './club-cli';
import { expect } from './fixtures';

/** The password every painel account of the e2e suite sets. */
export const STAFF_PASSWORD = 'Bancada#2026';

/** What an authenticator app shows for the secret, `steps` periods of 30 seconds from now. */
export const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** The path and query of a set-up link, opened on the test server whatever PUBLIC_URL the link names. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** The set-up link `npm run staff -- add` printed. */
export function setUpLinkIn(output: string): string {
  const link = /\S+\/painel\/ativar\?token=[\w-]{43}/.exec(output)?.[0];
  expect(link, output).toBeDefined();
  return link!;
}

/** Reads the key off the set-up screen into an "app" (otpauth here), sets the password and sends the first code. */
export async function activate(page: Page, link: string): Promise<string> {
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'Ativar acesso ao painel' })).toBeVisible();
  const secret = (
    (await page.locator('dt:text-is("Chave para digitar no aplicativo") + dd').textContent()) ?? ''
  ).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Senha', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel('Confirme a senha').fill(STAFF_PASSWORD);
  await page.getByLabel('Código do autenticador').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Ativar acesso' }).click();
  return secret;
}

export interface StaffPerson {
  readonly email: string;
  readonly name: string;
  readonly secret: string;
}

/**
 * A staff member made at the terminal (`npm run staff -- add`) with the given roles, set up through their link in
 * `page`, which ends signed in on the painel's home. Each test makes its own: a TOTP code is taken once per account,
 * so two tests sharing an account would refuse each other's sign-ins.
 */
export async function staffFromTerminal(page: Page, name: string, roles: readonly string[]): Promise<StaffPerson> {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@clube.test`;
  const link = setUpLinkIn(clubCli('staff', 'add', email, '--name', name, '--roles', roles.join(',')));
  const secret = await activate(page, link);
  await expect(page.getByRole('heading', { name: `Olá, ${name.split(' ')[0]}` })).toBeVisible();
  return { email, name, secret };
}

/** Signs in at /painel/entrar; `step` picks another 30-second code when the account signed in this period already. */
export async function staffSignIn(page: Page, person: Pick<StaffPerson, 'email' | 'secret'>, step = 0) {
  await page.goto('/painel/entrar');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel('Código do autenticador').fill(codeOf(person.secret, step));
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
}

/** A page in a context of its own (another person at another desk). */
export async function newDesk(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/**
 * What an admin reads in /painel/auditoria of one person's actions: an admin made for the check (at another desk)
 * filters the trail by that person's e-mail and finds a row for each action, by its pt-BR label.
 */
export async function expectAudited(browser: Browser, actor: Pick<StaffPerson, 'email'>, labels: readonly string[]) {
  const desk = await newDesk(browser);
  await staffFromTerminal(desk, 'Auditora Geral', ['admin']);
  await desk.goto('/painel/auditoria');
  await desk.getByLabel('Quem').fill(actor.email);
  await desk.getByRole('button', { name: 'Filtrar' }).click();
  for (const label of labels) {
    await expect(desk.getByRole('row').filter({ hasText: label }).first()).toBeVisible();
  }
  await desk.context().close();
}

/**
 * A day's work in the audit trail, made by the signed-in admin in `page`: `count` role changes of the account with this
 * e-mail, each an audit line with its before → after, so the audit screen's checks run on pages of lines as a club
 * has them (a nearly empty trail hid a table region a keyboard could not scroll).
 */
export async function fillAuditTrail(page: Page, email: string, count: number) {
  const done = await page.evaluate(
    async ({ email, count }) => {
      const token = sessionStorage.getItem('CD_STAFF_TOKEN');
      const ask = async (query: string, variables: Record<string, unknown>) => {
        const answer = await fetch('/painel/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query, variables }),
        });
        return ((await answer.json()) as { data: Record<string, unknown> }).data;
      };
      const accounts = (await ask('{ staffAccounts { id email } }', {})).staffAccounts as {
        id: string;
        email: string;
      }[];
      const id = accounts.find((a) => a.email === email)!.id;
      for (let i = 0; i < count; i += 1) {
        await ask('mutation ($id: ID!, $roles: [StaffRole!]!) { staffSetRoles(id: $id, roles: $roles) { id } }', {
          id,
          roles: i % 2 === 0 ? ['revisor', 'lojas'] : ['revisor'],
        });
      }
      return count;
    },
    { email, count },
  );
  expect(done).toBe(count);
}

/**
 * Keys one line of the brand in the review of a photo or a PDF ("Itens da marca"): the GTIN typed as a scanner
 * would, the quantity and the value paid in pt-BR; waits until the line is listed.
 */
export async function keyLine(page: Page, line: { gtin: string; quantity: string; value: string }) {
  const items = page.getByRole('list', { name: 'Itens digitados' }).getByRole('listitem');
  const before = await items.count();
  await page.getByLabel('Produto (nome ou GTIN)').fill(line.gtin);
  await page.getByLabel('Quantidade').fill(line.quantity);
  await page.getByLabel('Valor pago (R$)').fill(line.value);
  await page.getByRole('button', { name: 'Adicionar item' }).click();
  await expect(items).toHaveCount(before + 1);
}
