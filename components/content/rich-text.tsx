'use client';
import { useMemo } from 'react';
import { sanitizeContentHtml } from '@/lib/content/sanitize';

/** Content HTML from the API, sanitised again with DOMPurify before it reaches the page. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeContentHtml(html), [html]);
  return (
    <div className={['rich-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
