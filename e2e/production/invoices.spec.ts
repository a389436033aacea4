import { randomUUID } from 'node:crypto';
import { expect, loginTokens, signInWithStorage, test } from '../fixtures';
import { freshKey, JPEG, masked } from '../invoices-helpers';
import { createProductionMember, instanceOf, invoicesWithKey, stack } from './stack';

const SENDS = 10;

test('ten identical invoice sends spread over both API processes make one invoice, which the member sees', async ({
  page,
}) => {
  const member = await createProductionMember();
  const { token } = await loginTokens(page.request, member.email);
  const key = freshKey();
  // One attempt, as a phone retrying on a flaky connection sends it: the same key and the same idempotency key.
  const operations = JSON.stringify({
    query: 'mutation ($input: SubmitInvoiceInput!) { submitInvoice(input: $input) { id status } }',
    variables: { input: { accessKey: key, idempotencyKey: randomUUID(), files: [null] } },
  });
  const answers = await Promise.all(
    Array.from({ length: SENDS }, () =>
      page.request.post('/graphql', {
        headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
        multipart: {
          operations,
          map: JSON.stringify({ nota: ['variables.input.files.0'] }),
          nota: { name: 'nota.jpg', mimeType: 'image/jpeg', buffer: JPEG },
        },
      }),
    ),
  );

  const ids = new Set<string>();
  const answeredBy = new Set<string>();
  for (const answer of answers) {
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { data?: { submitInvoice: { id: string } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    ids.add(body.data!.submitInvoice.id);
    answeredBy.add(instanceOf(answer) ?? 'nginx');
  }
  expect([...answeredBy].sort()).toEqual([...stack.instances].sort());
  expect(ids.size).toBe(1);
  expect(await invoicesWithKey(key)).toBe(1);

  await signInWithStorage(page, member.email);
  await page.goto('/minhas-nfs');
  await expect(page.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();
  const cards = page.getByRole('article').filter({ hasText: masked(key) });
  await expect(cards).toHaveCount(1);
  await expect(cards.getByText('Em análise').first()).toBeVisible();
  // One file: the copies the nine replays stored were dropped, and the kept one comes back from S3 through nginx.
  // The list shows compact rows: the member opens the row to see its files.
  await cards.locator('summary').click();
  const file = cards.getByRole('link', { name: 'Abrir nota.jpg' });
  await expect(file).toHaveCount(1);
  const served = await page.request.get((await file.getAttribute('href')) ?? '');
  expect(served.status()).toBe(200);
  expect(await served.body()).toEqual(JPEG);
});
