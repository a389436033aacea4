'use client';
import { useRequestQuery } from '@/lib/graphql/use-request';
import { QStoreLink } from '@/lib/stores/operations';
import { storeLabel } from '@/lib/stores/store-label';

export type StoreLinkState =
  | { kind: 'none' }
  /** Being asked; the slug goes with a sign-up sent meanwhile, and the server decides. */
  | { kind: 'checking'; slug: string | null }
  /** The club could not be asked (no signal): the slug goes with the sign-up and the server decides. */
  | { kind: 'unverified'; slug: string }
  | { kind: 'active'; slug: string; label: string }
  | { kind: 'disabled' }
  | { kind: 'unknown' };

/** What the sign-up link /cadastro-promo/<slug> leads to, asked of the club before the form links anyone. */
export function useStoreLink(slug: string | null): StoreLinkState {
  const { data, error } = useRequestQuery(QStoreLink, { variables: { slug: slug ?? '' }, skip: !slug });
  if (!slug) return { kind: 'none' };
  if (error && !data) return { kind: 'unverified', slug };
  const link = data?.storeLink;
  if (!link) return { kind: 'checking', slug };
  if (link.status === 'ACTIVE' && link.store) {
    return { kind: 'active', slug: link.store.slug, label: storeLabel(link.store) };
  }
  return { kind: link.status === 'DISABLED' ? 'disabled' : 'unknown' };
}

/** The store line above the sign-up form: which store, or why this link links no one. */
export function StoreLinkNotice({ link }: { link: StoreLinkState }) {
  switch (link.kind) {
    case 'active':
      return (
        <p className="alert alert--info">
          Cadastro pela <strong>{link.label}</strong>
        </p>
      );
    case 'unverified':
      return <p className="alert alert--info">Cadastro por uma loja parceira do clube.</p>;
    case 'checking':
      // The same box as the answer that replaces it, so the form below does not jump when the club answers.
      return (
        <p className="alert alert--info" role="status">
          Conferindo a loja parceira…
        </p>
      );
    case 'disabled':
      return (
        <p className="alert alert--error" role="alert">
          Esta loja não participa mais do clube. Você pode se cadastrar normalmente abaixo, sem vínculo com loja.
        </p>
      );
    case 'unknown':
      return (
        <p className="alert alert--error" role="alert">
          Não encontramos a loja deste link. Confira o endereço com a loja ou cadastre-se normalmente abaixo, sem
          vínculo com loja.
        </p>
      );
    case 'none':
      return null;
  }
}
