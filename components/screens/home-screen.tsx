'use client';
import Link from 'next/link';
import { routes } from '@/lib/routes';
import { useCurrentUser } from '../providers/current-user';

const SHORTCUTS = [
  { href: routes.invoices(), label: 'Enviar nota fiscal' },
  { href: routes.sendProject(), label: 'Enviar projeto' },
  { href: routes.history(), label: 'Ver extrato de pontos' },
  { href: routes.promotions(), label: 'Ver promoções' },
];

export function HomeScreen() {
  const user = useCurrentUser();
  return (
    <section className="card" aria-labelledby="page-title">
      <h1 id="page-title">Olá, {user.name}!</h1>
      <p className="muted">Bem-vindo ao Clube do Marceneiro.</p>
      <ul className="shortcuts">
        {SHORTCUTS.map((s) => (
          <li key={s.href}>
            <Link className="button button--secondary button--block" href={s.href}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
