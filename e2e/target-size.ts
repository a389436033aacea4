import { expect, type Page } from '@playwright/test';

/** What a thumb needs (WCAG 2.5.5, AAA) and the floor WCAG 2.2 sets (2.5.8, AA), in CSS px. */
export const THUMB_PX = 44;
export const WCAG_MIN_PX = 24;

export interface Target {
  /** Tag and accessible-ish name, e.g. `a "Ver extrato"`. */
  name: string;
  width: number;
  height: number;
}

/**
 * Measures every visible tap target of the page as it is now. A target passes when its box is 44×44 or more; when it
 * is smaller, when it is at least 24×24 and the circle of 44 px around its centre touches no other target's box nor
 * the circle of another small target (the spacing exception of WCAG 2.5.8, at the thumb's size); or when it is a link
 * inside a sentence (the "inline" exception: a link in running text is as tall as its line). A checkbox or radio
 * counts with its label, which toggles it too; a title link stretched over its card counts with the card, and its
 * own box must still be 24×24. Only the
 * targets inside `scope` are measured (an open menu sheet covers the page under it).
 */
export async function measureTargets(page: Page, scope = 'body'): Promise<{ targets: Target[]; failures: string[] }> {
  return page.evaluate(
    ({ thumb, floor, scope }) => {
      const SELECTOR =
        'a[href], button, [role="button"], summary, select, input[type="checkbox"], input[type="radio"], input[type="file"]';
      interface Box {
        el: Element;
        name: string;
        left: number;
        top: number;
        right: number;
        bottom: number;
        inline: boolean;
        /** A title link stretched over its card: its own box, which must still be 24 px (see `boxOf`). */
        own: DOMRect | null;
      }

      const shown = (el: Element) => {
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
        const r = el.getBoundingClientRect();
        // The "Pular para o conteúdo" link and other visually hidden helpers are 1 px boxes until focused.
        return r.width > 1 && r.height > 1;
      };

      const nameOf = (el: Element) => {
        const text =
          el.getAttribute('aria-label') ??
          (el instanceof HTMLInputElement ? (el.labels?.[0]?.textContent ?? el.value) : el.textContent) ??
          '';
        return `${el.tagName.toLowerCase()} "${text.replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
      };

      /** Letters or digits outside the link, in the block it runs in: the link is part of a sentence. */
      const inSentence = (el: Element) => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        let block = el.parentElement;
        while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
        if (!block) return false;
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!el.contains(node) && /[\p{L}\p{N}]/u.test(node.textContent ?? '')) return true;
        }
        return false;
      };

      /**
       * A card whose title link stretches over it with an absolutely placed ::after (content-card's pattern): the
       * link's target is the card, where a tap lands on the link. Checked by hitting a corner of the card.
       */
      const stretchedOver = (el: Element): DOMRect | null => {
        for (const pseudo of ['::before', '::after']) {
          const style = getComputedStyle(el, pseudo);
          if (style.content === 'none' || style.position !== 'absolute') continue;
          if ([style.top, style.right, style.bottom, style.left].some((inset) => inset !== '0px')) continue;
          let holder = el.parentElement;
          while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
          if (!holder) continue;
          holder.scrollIntoView({ block: 'center', behavior: 'instant' });
          const box = holder.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + 4, box.top + 4);
          if (hit && (hit === el || el.contains(hit))) return box;
        }
        return null;
      };

      /** A checkbox or radio with its label: tapping either one toggles it. */
      const boxOf = (el: Element, stretched: DOMRect | null): DOMRect[] => {
        if (stretched) return [stretched];
        const rects = [el.getBoundingClientRect()];
        if (el instanceof HTMLInputElement) {
          for (const label of el.labels ?? []) if (shown(label)) rects.push(label.getBoundingClientRect());
        }
        return rects;
      };

      const scrolled = { x: window.scrollX, y: window.scrollY };
      const boxes: Box[] = [...document.querySelectorAll(scope)]
        .flatMap((root) => [...root.querySelectorAll(SELECTOR)])
        .filter((el) => shown(el))
        .map((el) => {
          const stretched = stretchedOver(el);
          // Every box in page coordinates: hitting a card scrolls the page.
          const rects = boxOf(el, stretched).map(
            (r) => new DOMRect(r.left + window.scrollX, r.top + window.scrollY, r.width, r.height),
          );
          return {
            el,
            name: nameOf(el),
            left: Math.min(...rects.map((r) => r.left)),
            top: Math.min(...rects.map((r) => r.top)),
            right: Math.max(...rects.map((r) => r.right)),
            bottom: Math.max(...rects.map((r) => r.bottom)),
            inline: inSentence(el),
            own: stretched ? el.getBoundingClientRect() : null,
          };
        });

      window.scrollTo({ left: scrolled.x, top: scrolled.y, behavior: 'instant' });

      const width = (b: Box) => b.right - b.left;
      const height = (b: Box) => b.bottom - b.top;
      // Half a pixel of rounding: a 43.99 px box drawn from rem units is a 44 px box.
      const atLeast = (b: Box, px: number) => width(b) >= px - 0.5 && height(b) >= px - 0.5;
      const small = boxes.filter((b) => !b.inline && !atLeast(b, thumb));

      const centre = (b: Box) => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });
      const radius = thumb / 2;
      /** Distance from a point to the nearest point of a box. */
      const distance = (p: { x: number; y: number }, b: Box) =>
        Math.hypot(Math.max(b.left - p.x, 0, p.x - b.right), Math.max(b.top - p.y, 0, p.y - b.bottom));
      // A target nested in another, or in the other's label, is one place to tap, not two neighbours.
      const partsOf = (b: Box) => [b.el, ...(b.el instanceof HTMLInputElement ? [...(b.el.labels ?? [])] : [])];
      const related = (a: Box, b: Box) =>
        partsOf(a).some((part) => part.contains(b.el)) || partsOf(b).some((part) => part.contains(a.el));
      const spaced = (b: Box) => {
        const c = centre(b);
        return boxes.every((other) => {
          if (other === b || related(b, other)) return true;
          if (distance(c, other) < radius) return false;
          if (!small.includes(other)) return true;
          const o = centre(other);
          return Math.hypot(c.x - o.x, c.y - o.y) >= 2 * radius;
        });
      };

      // A stretched title's own box is what a magnifier, voice control's numbered label and the focus land on: it
      // must reach the floor too, whatever the card around it measures.
      const ownTooSmall = boxes.filter((b) => b.own && (b.own.width < floor - 0.5 || b.own.height < floor - 0.5));
      const failures = [
        ...small
          .filter((b) => !atLeast(b, floor) || !spaced(b))
          .map((b) => `${b.name} ${width(b).toFixed(0)}×${height(b).toFixed(0)} px`),
        ...ownTooSmall.map((b) => `${b.name} (título) ${b.own!.width.toFixed(0)}×${b.own!.height.toFixed(0)} px`),
      ];
      return {
        targets: boxes.map((b) => ({ name: b.name, width: width(b), height: height(b) })),
        failures,
      };
    },
    { thumb: THUMB_PX, floor: WCAG_MIN_PX, scope },
  );
}

/** The page has arrived (its heading, then the network quiet: lists and cards come after it) and every target passes. */
export async function expectThumbSizedTargets(page: Page, scope?: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { failures } = await measureTargets(page, scope);
  expect(failures, `alvos pequenos em ${new URL(page.url()).pathname}`).toEqual([]);
}
