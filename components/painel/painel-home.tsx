'use client';
import Link from 'next/link';
import { ROLE_INFO } from '@/lib/painel/roles';
import { sectionsFor } from '@/lib/painel/sections';
import { useStaff } from './staff-context';

/**
 * The painel's home: who is signed in, their roles and what each covers, and the sections they can open. The work
 * queues of each role come here as their screens are built.
 */
export function PainelHome() {
  const staff = useStaff();
  const sections = sectionsFor(staff.roles).filter((section) => section.route !== 'painelHome');
  return (
    <div className="painel-page">
      <h1>Olá, {staff.name.split(' ')[0]}</h1>
      <p className="muted">Este é o painel da equipe do Clube do Marceneiro.</p>
      <section aria-labelledby="painel-funcoes">
        <h2 id="painel-funcoes">Suas funções</h2>
        <ul className="painel-roles">
          {staff.roles.map((role) => (
            <li key={role}>
              <strong>{ROLE_INFO[role].label}</strong>
              <span className="muted">{ROLE_INFO[role].covers}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="painel-secoes">
        <h2 id="painel-secoes">O que você pode abrir</h2>
        {sections.length === 0 ? (
          <p>
            As telas das suas funções ainda não estão no painel. Enquanto isso, o trabalho continua pelos comandos do
            terminal.
          </p>
        ) : (
          <ul className="painel-sections">
            {sections.map((section) => (
              <li key={section.route}>
                <Link href={section.href} prefetch={false} className="painel-sections__link">
                  {section.label}
                </Link>
                <p className="muted">{section.description}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
