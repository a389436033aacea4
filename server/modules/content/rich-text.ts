import createDOMPurify, { type DOMPurify } from 'dompurify';
import { Marked, type Tokens } from 'marked';

/** What the Markdown renderer needs to turn a relative image path into a stored asset. */
export interface ImageRef {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

export type ImageResolver = (relativePath: string) => ImageRef;

let purifier: DOMPurify | null = null;

/**
 * One jsdom window per process: creating one costs tens of milliseconds, sanitising with it is cheap. jsdom is
 * required here, on the first sanitising, not at import: loading it takes about 0.7 s, and every terminal command and
 * API start imports this module through the content module while most of them never render Markdown.
 */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  const { window } = new JSDOM('');
  const instance = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  // Links that open elsewhere must not hand the opener to the other site.
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/** Removes scripts, event handlers, javascript: URLs, forms and frames; keeps ordinary formatting. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const isExternal = (href: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/**
 * Markdown to sanitised HTML. Relative images become stored assets with width and height, so the page keeps its
 * layout while they load; absolute image URLs are dropped (the CSP would block them anyway).
 */
export function renderMarkdown(markdown: string, resolveImage: ImageResolver): string {
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      image({ href, text, title }: Tokens.Image): string {
        if (isExternal(href)) return escapeAttr(text);
        const image = resolveImage(decodeURIComponent(href));
        const titleAttr = title ? ` title="${escapeAttr(title)}"` : '';
        return `<img src="${escapeAttr(image.url)}" alt="${escapeAttr(text)}" width="${image.width}" height="${image.height}" loading="lazy"${titleAttr}>`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html);
}
