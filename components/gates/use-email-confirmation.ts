'use client';
import { useMutation } from '@apollo/client/react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { MConfirmEmail } from '@/lib/session/operations';
import { routes } from '@/common/routes';
import { clearEmailToken, keepEmailTokenFromHash, pendingEmailToken } from '@/lib/session/email-confirmation';

/**
 * E-mail confirmation (docs/product.md#44-e-mail-confirmation): the link's token is kept from the URL hash; once a
 * member is loaded, on any private page, MConfirmEmail runs once, the token is cleared, success goes to /perfil and
 * failure goes home. True while a confirmation is running or about to, so the gate shows a spinner instead of the page.
 */
export function useEmailConfirmation(memberLoaded: boolean): boolean {
  const router = useRouter();
  const [confirm] = useMutation(MConfirmEmail);
  const [token, setToken] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (window.location.pathname === routes.confirmEmail()) keepEmailTokenFromHash(window.location);
    setToken(pendingEmailToken());
  }, []);

  useEffect(() => {
    if (!memberLoaded || started.current) return;
    if (token === null) {
      // Nothing to confirm (an old link opened twice, or the page opened by hand): home, not a dead end.
      if (window.location.pathname === routes.confirmEmail()) router.replace(routes.home());
      return;
    }
    started.current = true;
    clearEmailToken();
    const finish = (target: string) => {
      setToken(null);
      router.replace(target);
    };
    confirm({ variables: { data: { emailConfirmationToken: token } } })
      .then(({ data }) => finish(data?.confirmEmail.success ? routes.profile() : routes.home()))
      .catch(() => finish(routes.home()));
  }, [memberLoaded, token, confirm, router]);

  return token !== null;
}
