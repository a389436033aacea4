import { demo } from './members';
import { expect, signInWithStorage, test } from './fixtures';
import { expectThumbSizedTargets, THUMB_PX, WCAG_MIN_PX } from './target-size';

/**
 * Every link, button and choice a member can tap on every member page, measured at 390×844: a thumb needs 44×44 CSS
 * px (WCAG 2.5.5's size); a smaller one passes only when it is at least 24×24 (WCAG 2.2's 2.5.8 minimum) and no other
 * target lies within the 44 px circle around it (2.5.8's spacing exception, at the thumb's size). Links inside a
 * sentence are exempt, as 2.5.8's "inline" exception says: their size is the line's.
 */

test.describe(`every tap target of the member pages is ${THUMB_PX}×${THUMB_PX} px, or ${WCAG_MIN_PX} px and spaced`, () => {
  test.beforeEach(async ({ page }) => {
    await signInWithStorage(page, demo.email);
  });

  // Every member page is measured where its accessibility is checked, in one page load: accessibility.spec.ts.

  test('the phone menu opened on "Mais"', async ({ page }) => {
    await page.goto('/');
    // A person opens the menu once home is on screen: a tap on the frame painted before the page's scripts is lost.
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Mais' }).click();
    await expect(page.getByRole('link', { name: 'Meus resgates' })).toBeVisible();
    // The sheet covers the page under it: what counts is the menu.
    await expectThumbSizedTargets(page, '.tab-bar');
  });
});
