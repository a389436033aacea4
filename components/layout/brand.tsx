import Link from 'next/link';
import { routes } from '@/common/routes';

/** The club's name, linking home. `prefetch={false}` where home is not the next step (see the public shell). */
export function Brand({ prefetch }: { prefetch?: false }) {
  return (
    <Link href={routes.home()} prefetch={prefetch} className="brand" aria-label="Clube do Marceneiro, página inicial">
      <span className="brand__mark" aria-hidden="true">
        CM
      </span>
      <span className="brand__name">Clube do Marceneiro</span>
    </Link>
  );
}
