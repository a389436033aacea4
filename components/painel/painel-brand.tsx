import Link from 'next/link';
import { routes } from '@/common/routes';

/** The painel's name in its header: the club's, and that this is the staff's side. */
export function PainelBrand() {
  return (
    <Link className="painel-brand" href={routes.painelHome()} prefetch={false}>
      Clube do Marceneiro <span className="painel-brand__tag">Painel da equipe</span>
    </Link>
  );
}
