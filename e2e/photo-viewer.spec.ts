import type { CDPSession, Locator } from '@playwright/test';
import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';
import { createInvoiceMember } from './invoices-helpers';

/** A shipped reward with two photos (content/premios/serra-esquadria-10.md). */
const REWARD = '/premios/serra-esquadria-10';

type Finger = readonly [x: number, y: number];

/** Fingers on the screen, as the phone's touchscreen reports them (Chromium turns them into pointer events). */
async function fingers(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: readonly Finger[]) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map(([x, y], id) => ({ x, y, id, radiusX: 5, radiusY: 5, force: 1 })),
  });
}

/** Moves every finger from `from` to `to` in a few steps, then lifts them. */
async function gesture(cdp: CDPSession, from: readonly Finger[], to: readonly Finger[]) {
  await fingers(cdp, 'touchStart', from);
  for (let step = 1; step <= 8; step += 1) {
    const at = from.map(([x, y], i): Finger => [x + ((to[i]![0] - x) * step) / 8, y + ((to[i]![1] - y) * step) / 8]);
    await fingers(cdp, 'touchMove', at);
  }
  await fingers(cdp, 'touchEnd', []);
}

async function centreOf(locator: Locator): Promise<Finger> {
  const box = (await locator.boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2];
}

test('a full-screen photo is swiped and pinched, its buttons fit one line, and Back closes only the viewer', async ({
  page,
}) => {
  const member = await createInvoiceMember();
  await signInWithStorage(page, member.email);
  await page.goto('/premios');
  await page.goto(REWARD);
  const title = page.getByRole('heading', { level: 1 });
  const enlarge = page.getByRole('button', { name: /\(ampliar\)/ }).first();
  // The reward's own name, once it has arrived: until then the heading is the route's title ("Prêmio").
  await expect(enlarge).toBeVisible();
  const name = await title.textContent();

  await enlarge.click();
  const viewer = page.getByRole('dialog', { name: 'Foto 1 de 2' });
  await expect(viewer).toBeVisible();
  await expectNoAxeViolations(page);

  // Anterior, Tamanho real and Próxima side by side, each on one line.
  const tools = viewer.locator('.photo-viewer__tools').getByRole('button');
  await expect(tools).toHaveCount(3);
  const boxes = await tools.evaluateAll((buttons) =>
    buttons.map((button) => {
      const box = button.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(button).lineHeight) || 24;
      return {
        top: Math.round(box.top),
        lines: Math.round((button.scrollHeight - 20) / line),
        fits: button.scrollWidth <= button.clientWidth,
      };
    }),
  );
  expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
  expect(boxes.every((b) => b.lines <= 1 && b.fits)).toBe(true);

  // A swipe to the left shows the next photo; to the right, the one before.
  const cdp = await page.context().newCDPSession(page);
  const frame = page.locator('.photo-viewer__frame');
  const [x, y] = await centreOf(frame);
  await gesture(cdp, [[x + 120, y]], [[x - 120, y]]);
  await expect(page.getByRole('dialog', { name: 'Foto 2 de 2' })).toBeVisible();
  await gesture(cdp, [[x - 120, y]], [[x + 120, y]]);
  await expect(page.getByRole('dialog', { name: 'Foto 1 de 2' })).toBeVisible();

  // Two fingers spread apart enlarge the photo, which stays in the viewer.
  await gesture(
    cdp,
    [
      [x - 30, y],
      [x + 30, y],
    ],
    [
      [x - 120, y],
      [x + 120, y],
    ],
  );
  const scale = await frame
    .getByRole('img')
    .evaluate((img) => Number(/scale\(([\d.]+)\)/.exec(img.style.transform)?.[1] ?? 1));
  expect(scale).toBeGreaterThan(2);
  await expect(page.getByRole('dialog', { name: 'Foto 1 de 2' })).toBeVisible();

  // The phone's Back closes the viewer and leaves the member on the reward.
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${REWARD}$`));
  await expect(page.getByRole('heading', { level: 1, name: name ?? '' })).toBeVisible();

  // Closed with "Fechar", the viewer leaves no entry behind: the next Back leaves the reward.
  await page
    .getByRole('button', { name: /\(ampliar\)/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Foto 1 de 2' }).getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/premios$/);
});
