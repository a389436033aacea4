'use client';
import { useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../ui/spinner';

/**
 * A painel page of one item, named in its address (/…/revisar?id=…, /…/loja?slug=…): the value is read once the page
 * runs (the export has no query) and again on Back and Forward; without one, the page says where to choose an item.
 * `go` opens another item in place and keeps it in the history, as a link would.
 */
export function ItemRoute({
  param,
  title,
  loadingLabel,
  choose,
  href,
  children,
}: {
  param: string;
  title: string;
  loadingLabel: string;
  choose: ReactNode;
  href: (value: string) => string;
  children: (value: string, go: (next: string) => void) => ReactNode;
}) {
  const [value, setValue] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const read = () => setValue(new URLSearchParams(window.location.search).get(param));
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, [param]);
  if (value === undefined) return <Spinner label={loadingLabel} />;
  if (value === null) {
    return (
      <div className="painel-page">
        <h1>{title}</h1>
        <p>{choose}</p>
      </div>
    );
  }
  return children(value, (next) => {
    window.history.pushState(null, '', href(next));
    setValue(next);
  });
}
