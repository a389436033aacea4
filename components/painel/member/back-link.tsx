import Link from 'next/link';
import { routes } from '@/common/routes';

/** Back to the search, which shows the last search again (member-search-screen.tsx). */
export function BackLink() {
  return (
    <p className="member-page__back">
      <Link href={routes.painelMembers()} prefetch={false}>
        ← Busca de membros
      </Link>
    </p>
  );
}
