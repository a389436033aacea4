import Link from 'next/link';
import { painelRoutes } from '@/common/painel/routes';

/** Back to the search, which shows the last search again (member-search-screen.tsx). */
export function BackLink() {
  return (
    <p className="member-page__back">
      <Link href={painelRoutes.painelMembers()} prefetch={false}>
        ← Busca de membros
      </Link>
    </p>
  );
}
