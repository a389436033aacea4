import DOMPurify from 'dompurify';

/**
 * The API stores content HTML already sanitised; it is cleaned again here, in the browser, so a compromised or
 * misconfigured API still cannot run script in the page. Outside a browser (the static export) there is nothing to
 * render yet, so it returns ''.
 */
export function sanitizeContentHtml(html: string): string {
  if (typeof window === 'undefined' || !DOMPurify.isSupported) return '';
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
