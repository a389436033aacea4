import Link from 'next/link';
import { routes } from '@/common/routes';
import { ShellFrame } from '../layout/shell-frame';

export function NotFoundScreen() {
  return (
    <ShellFrame>
      <section className="card card--narrow" aria-labelledby="page-title">
        <h1 id="page-title">Página não encontrada</h1>
        <p>O endereço que você abriu não existe ou mudou de lugar.</p>
        <p>
          <Link className="button button--primary" href={routes.home()}>
            Ir para o início
          </Link>
        </p>
      </section>
    </ShellFrame>
  );
}
