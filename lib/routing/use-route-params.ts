'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { matchRoute } from '@/common/routes';

/**
 * Dynamic values of the current URL. The export holds one placeholder page per dynamic route, so the values are
 * read from the real path after mount, never from useParams() (which returns the placeholder).
 */
export function useRouteParams(): Readonly<Record<string, string>> | null {
  const pathname = usePathname();
  const [params, setParams] = useState<Readonly<Record<string, string>> | null>(null);
  useEffect(() => {
    setParams(matchRoute(window.location.pathname)?.params ?? {});
  }, [pathname]);
  return params;
}
