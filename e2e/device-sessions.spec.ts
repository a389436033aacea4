import { expect, expectNoAxeViolations, loginTokens, measuredTimeout, signInWithStorage, test } from './fixtures';
import { createInvoiceMember } from './invoices-helpers';

test.describe('device sessions', () => {
  test('a page keeps its session id and sends the encrypted fingerprint to the receiver once the person acts', async ({
    page,
  }) => {
    const securityCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/seguranca/')) securityCalls.push(r.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A page only opened spends nothing on the device session: everything it loads has arrived, and none of it was.
    await page.waitForLoadState('networkidle');
    expect(securityCalls).toEqual([]);
    const envelope = page.waitForResponse((r) => r.url().endsWith('/seguranca/envelope'));
    await page.getByRole('textbox').first().click();
    const sent = await envelope;
    expect(sent.status()).toBe(200);
    expect(await sent.json()).toMatchObject({ ok: true, Envelope: expect.stringMatching(/^[A-Za-z0-9+/=]{40,}$/) });
    const sessionId = await page.evaluate(() => sessionStorage.getItem('CD_MGL_SESSION_ID'));
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);
    // What went on the wire was encrypted: no signal names, no user agent in the clear.
    const body = sent.request().postDataJSON() as { SessionId: string; Envelope: string };
    expect(body.SessionId).toBe(sessionId);
    expect(body.Envelope).not.toMatch(/Chrome|audio|fonts/);
  });

  test('"Aparelhos conectados" lists both browsers of a member, and one ends the other at once', async ({
    page,
    browser,
  }) => {
    test.setTimeout(measuredTimeout(44.0));
    const member = await createInvoiceMember();
    const otherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const other = await otherContext.newPage();
    // Stored once, not at every page load as signInWithStorage does: after its session ends, this browser must stay
    // logged out.
    const tokens = await loginTokens(other.request, member.email);
    await other.goto('/login');
    await other.evaluate(
      ([token, refresh]) => {
        localStorage.setItem('CD_TOKEN', JSON.stringify({ value: token }));
        localStorage.setItem('CD_REFRESH_TOKEN', JSON.stringify({ value: refresh }));
        localStorage.setItem('CD_INITIALIZED', JSON.stringify({ value: true }));
      },
      [tokens.token, tokens.refresh_token],
    );
    await other.goto('/');
    await expect(other.getByRole('heading', { level: 1 })).toContainText('Olá');

    await signInWithStorage(page, member.email);
    await page.goto('/perfil');
    await page.getByText('Aparelhos conectados', { exact: true }).click();
    const list = page.locator('.connected-devices__item');
    await expect(list).toHaveCount(2);
    await expect(page.getByText('Este aparelho', { exact: true })).toHaveCount(1);
    // This device first; the other says when it was last used and since when it is in.
    await expect(list.first()).toContainText('Este aparelho');
    await expect(list.nth(1)).toContainText(/Último uso há (menos de 1 minuto|\d+ minutos?)/);
    await expect(list.nth(1)).toContainText(/Conectado em \d{2}\/\d{2}\/\d{4}/);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sair de todos os outros' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 outro aparelho foi desconectado.' })).toBeVisible();
    await expect(list).toHaveCount(1);

    // The other browser's next request is refused and it lands on the login screen, told why.
    await other.goto('/minhas-nfs');
    await expect(other.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(
      other.getByRole('status').filter({ hasText: 'Você saiu deste aparelho pelo perfil em outro aparelho.' }),
    ).toBeVisible();
    await expectNoAxeViolations(other);
    await otherContext.close();

    // Leaving this device asks first.
    await page.getByRole('button', { name: 'Sair deste aparelho' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sair deste aparelho?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Continuar conectado' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(list).toHaveCount(1);
    await page.getByRole('button', { name: 'Sair deste aparelho' }).click();
    await page.getByRole('dialog', { name: 'Sair deste aparelho?' }).getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });
});
