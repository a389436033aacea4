import type { APIResponse } from '@playwright/test';
import { expect, signInWithStorage, test } from '../fixtures';
import { createProductionMember, instanceOf, stack } from './stack';

/** A 3x2 PNG; the browser crops it to a square JPEG before sending. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGM4UaEBQQxwFgBYNAhxWdzeRAAAAABJRU5ErkJggg==',
  'base64',
);

test('a profile photo saved through one API process is served by the other, from S3 through nginx', async ({
  page,
}) => {
  const member = await createProductionMember();
  await signInWithStorage(page, member.email);
  await page.goto('/perfil');
  await page.getByLabel('Escolher foto').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Prévia da nova foto' })).toBeVisible();
  const upload = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/graphql' &&
      (response.request().headers()['content-type'] ?? '').startsWith('multipart/form-data'),
  );
  await page.getByRole('button', { name: 'Salvar foto' }).click();
  const savedBy = instanceOf(await upload);
  expect(stack.instances).toContain(savedBy);
  await expect(page.getByText('Foto salva.')).toBeVisible();
  const photo = page.getByRole('img', { name: `Foto de ${member.name}` });
  const src = (await photo.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/uploads\/profile\/[a-f0-9]{32}\.jpg$/);

  // nginx picks the process; asking until each has answered once shows the file is not on the saving process's disk.
  const served = new Map<string, APIResponse>();
  for (let attempt = 0; attempt < 10 && served.size < stack.instances.length; attempt++) {
    const answer = await page.request.get(src);
    expect(answer.status()).toBe(200);
    served.set(instanceOf(answer) ?? 'nginx', answer);
  }
  expect([...served.keys()].sort()).toEqual([...stack.instances].sort());
  const bodies = await Promise.all([...served.values()].map((answer) => answer.body()));
  for (const [instance, answer] of served) expect(answer.headers()['content-type'], instance).toBe('image/jpeg');
  expect(bodies[0]!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  for (const body of bodies) expect(body).toEqual(bodies[0]);

  // The member sees it after a reload, whichever process the page's requests reach.
  await page.reload();
  await expect(photo).toHaveAttribute('src', src);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
});
