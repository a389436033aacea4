'use client';
import { useEffect, useMemo, useState } from 'react';
import type { sanitizeContentHtml } from '@/lib/content/sanitize';

type Sanitize = typeof sanitizeContentHtml;

// DOMPurify (about 11 kB gzip) is needed when the content arrives from the API, not for the page to work: it loads
// as its own chunk, asked for as soon as a content page runs so it travels alongside the page's query.
let sanitizer: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;
function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('@/lib/content/sanitize').then((m) => {
    sanitizer = m.sanitizeContentHtml;
    return sanitizer;
  });
  return loading;
}
if (typeof window !== 'undefined') void loadSanitizer().catch(() => (loading = null));

/** Content HTML from the API, sanitised again with DOMPurify before it reaches the page (nothing is shown before). */
export function RichText({ html, className }: { html: string; className?: string }) {
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => sanitizer);
  useEffect(() => {
    if (sanitize) return;
    let live = true;
    loadSanitizer().then(
      (loaded) => {
        if (live) setSanitize(() => loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [sanitize]);
  const clean = useMemo(() => (sanitize ? sanitize(html) : ''), [sanitize, html]);
  return (
    <div className={['rich-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
