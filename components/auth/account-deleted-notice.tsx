'use client';
import { useEffect, useState } from 'react';
import { parseQueryString } from '@/lib/query-string';

/** Said on the login screen right after "Excluir minha conta", which lands here with `?conta=excluida`. */
export function AccountDeletedNotice() {
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    // Read after mount: the static export renders the page without a query string.
    setDeleted(parseQueryString(window.location.search)['conta'] === 'excluida');
  }, []);
  if (!deleted) return null;
  return (
    <p role="status" className="alert alert--info">
      Sua conta foi excluída e seus dados pessoais foram apagados. Obrigado por ter feito parte do clube.
    </p>
  );
}
