import Link from 'next/link';
import { routes } from '@/lib/routes';

export function Brand() {
  return (
    <Link href={routes.home()} className="brand" aria-label="Clube do Marceneiro, página inicial">
      <span className="brand__mark" aria-hidden="true">
        CM
      </span>
      <span className="brand__name">Clube do Marceneiro</span>
    </Link>
  );
}
