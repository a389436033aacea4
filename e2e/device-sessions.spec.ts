import { expect, expectNoAxeViolations, loginTokens, signInWithStorage, test } from './fixtures';
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
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sair de todos os outros' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 outro aparelho foi desconectado.' })).toBeVisible();
    await expect(list).toHaveCount(1);

    // The other browser's next request is refused and it lands on the login screen.
    await other.goto('/minhas-nfs');
    await expect(other.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await otherContext.close();
  });
});
