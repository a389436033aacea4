import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { painelRequest } from '@/lib/painel/request';
import type { StaffMeFieldsFragment } from '@/lib/painel/operations';
import type { StaffRole } from '@/lib/painel/roles';
import { PainelHome } from './painel-home';
import { PainelShell } from './painel-shell';
import { SectionGuard } from './section-guard';
import { StaffProvider } from './staff-context';

let pathname = '/painel';
jest.mock('next/navigation', () => ({
  usePathname: () => pathname,
  useRouter: () => ({ replace, prefetch: jest.fn() }),
}));
const replace = jest.fn();
jest.mock('@/lib/painel/request', () => ({ painelRequest: jest.fn() }));

const staff = (roles: StaffRole[]): StaffMeFieldsFragment => ({
  id: '7',
  name: 'Rui Revisor',
  email: 'rui@clube.test',
  roles,
  sessionExpiresAt: '2026-11-22T22:00:00.000Z',
});

function renderAs(roles: StaffRole[], page = <PainelHome />) {
  return render(
    <StaffProvider value={staff(roles)}>
      <PainelShell>{page}</PainelShell>
    </StaffProvider>,
  );
}

const sectionLinks = () =>
  within(screen.getByRole('navigation', { name: 'Seções do painel' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the painel’s shell and home', () => {
  it('lists only what a reviewer may open, and their role with what it covers', () => {
    renderAs(['revisor']);
    expect(sectionLinks()).toEqual(['Início', 'Notas fiscais']);
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Rui' })).toBeInTheDocument();
    const roles = within(screen.getByRole('region', { name: 'Suas funções' }));
    expect(roles.getByText('notas fiscais e projetos')).toBeInTheDocument();
    const open = within(screen.getByRole('region', { name: 'O que você pode abrir' }));
    expect(open.getAllByRole('link').map((link) => link.textContent)).toEqual(['Notas fiscais']);
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it('gives an admin Equipe and Auditoria, the current section marked', () => {
    pathname = '/painel/equipe';
    renderAs(['revisor', 'admin']);
    expect(sectionLinks()).toEqual(['Início', 'Notas fiscais', 'Equipe', 'Auditoria']);
    const nav = within(screen.getByRole('navigation', { name: 'Seções do painel' }));
    expect(nav.getByRole('link', { name: 'Equipe' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Revisão, Administração')).toBeInTheDocument();
    const open = within(screen.getByRole('region', { name: 'O que você pode abrir' }));
    expect(open.getAllByRole('link').map((link) => link.textContent)).toEqual(['Notas fiscais', 'Equipe', 'Auditoria']);
  });

  it('leaves with Sair: the session ends on the server and the tab forgets the token, even if the API fails', async () => {
    jest.mocked(painelRequest).mockRejectedValueOnce(new Error('offline'));
    sessionStorage.setItem('CD_STAFF_TOKEN', 'staff-token');
    renderAs(['revisor']);
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/painel/entrar'));
    expect(jest.mocked(painelRequest).mock.calls[0]?.[0].toString()).toContain('mutation MStaffLogout');
    expect(sessionStorage.getItem('CD_STAFF_TOKEN')).toBeNull();
    expect(sessionStorage.getItem('CD_STAFF_NOTICE')).toBe('Você saiu do painel.');
  });

  it('tells someone without the role that the section is not theirs, instead of showing it', () => {
    renderAs(
      ['lojas'],
      <SectionGuard route="painelAudit" title="Auditoria">
        <p>tabela da auditoria</p>
      </SectionGuard>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Suas funções na equipe não abrem esta seção.');
    expect(screen.queryByText('tabela da auditoria')).not.toBeInTheDocument();
  });
});
