import Link from 'next/link';
import { painelRoutes } from '@/common/painel/routes';

/** The painel's name in its header: the club's, and that this is the staff's side. */
export function PainelBrand() {
  return (
    <Link className="painel-brand" href={painelRoutes.painelHome()} prefetch={false}>
      Clube do Marceneiro <span className="painel-brand__tag">Painel da equipe</span>
    </Link>
  );
}
