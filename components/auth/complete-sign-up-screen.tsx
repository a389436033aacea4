'use client';
import { useEffect, useState } from 'react';
import { parseQueryString } from '@/lib/query-string';
import { HandoffScreen } from './handoff-screen';
import { ResumeSignUpScreen } from './resume-sign-up-screen';

/**
 * /completar-cadastro: with `?link=` (texted by a store kiosk) the customer only creates the password; without it, a
 * visitor who left after step one finds the sign-up by CPF.
 */
export function CompleteSignUpScreen() {
  const [link, setLink] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    // Read after mount: the static export renders the page without a query string.
    setLink(parseQueryString(window.location.search)['link'] ?? null);
  }, []);
  if (link) return <HandoffScreen link={link} />;
  return <ResumeSignUpScreen />;
}
