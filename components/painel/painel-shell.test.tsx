import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { painelRequest } from '@/lib/painel/request';
import type { StaffMeFieldsFragment } from '@/lib/painel/operations';
import type { StaffRole } from '@/common/painel/roles';
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

const DASHBOARD = {
  staffDashboard: {
    deadlineBusinessDays: 5,
    queues: [
      { kind: 'invoices', waiting: 3, oldestAt: '2026-11-17T13:00:00.000Z', oldestBusinessDays: 6, late: 1, held: 0 },
      { kind: 'projects', waiting: 0, oldestAt: null, oldestBusinessDays: null, late: 0, held: 0 },
      {
        kind: 'rewardOrders',
        waiting: 2,
        oldestAt: '2026-11-25T13:00:00.000Z',
        oldestBusinessDays: 1,
        late: 0,
        held: 1,
      },
      { kind: 'partnerTransfers', waiting: 0, oldestAt: null, oldestBusinessDays: null, late: 0, held: 0 },
    ],
    approvalsToday: [{ name: 'Rui Revisor', invoices: 4, projects: 1 }],
    approvedTodayInvoices: 6,
    approvedTodayProjects: 1,
    points: { month: '2026-11', credited: 12500, spent: 3000, expired: 450, outstanding: 1234567 },
    signUps: Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, count: i % 4 })),
  },
};

describe('the painel’s home figures', () => {
  it('shows each queue against the deadline, linked where the person works it, and the month in numbers', async () => {
    jest.mocked(painelRequest).mockResolvedValue(DASHBOARD);
    renderAs(['revisor']);
    const queues = within(await screen.findByRole('region', { name: 'O que espera a equipe' }));
    const invoices = queues.getByRole('row', { name: /Notas fiscais em análise/ });
    expect(invoices).toHaveTextContent('3 notas');
    expect(invoices).toHaveTextContent('6 dias úteis');
    expect(invoices).toHaveTextContent('desde 17/11/2026, 10:00');
    expect(invoices).toHaveTextContent('1 fora do prazo');
    expect(within(invoices).getByRole('link', { name: 'Notas fiscais em análise' })).toHaveAttribute(
      'href',
      '/painel/notas',
    );
    // A reviewer does not work reward orders: no link, still the count.
    const orders = queues.getByRole('row', { name: /Resgates a separar ou enviar/ });
    expect(within(orders).queryByRole('link')).toBeNull();
    expect(orders).toHaveTextContent('2 resgates');
    expect(orders).toHaveTextContent('1 retido(s) para análise');
    expect(orders).toHaveTextContent('No prazo');
    expect(queues.getByRole('row', { name: /Projetos em análise/ })).toHaveTextContent('Nada esperando');

    const approvals = within(screen.getByRole('region', { name: 'Aprovações de hoje' }));
    expect(approvals.getByText(/6 notas e 1 projeto aprovados hoje/)).toBeInTheDocument();
    expect(approvals.getByRole('row', { name: /Rui Revisor/ })).toHaveTextContent('41');
    const points = within(screen.getByRole('region', { name: 'Pontos em novembro de 2026' }));
    expect(points.getByText('Saldo dos membros hoje (o que o clube deve)').nextSibling).toHaveTextContent('1.234.567');
    expect(
      screen.getByRole('img', {
        name: /Cadastros por dia nos últimos 30 dias: 43 cadastros de 01\/11\/2026 a 30\/11\/2026/,
      }),
    ).toBeInTheDocument();
  });
});

describe('the painel’s shell and home', () => {
  it('lists only what a reviewer may open, and their role with what it covers', () => {
    renderAs(['revisor']);
    expect(sectionLinks()).toEqual(['Início', 'Notas fiscais', 'Projetos']);
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Rui' })).toBeInTheDocument();
    const roles = within(screen.getByRole('region', { name: 'Suas funções' }));
    expect(roles.getByText('notas fiscais e projetos')).toBeInTheDocument();
    const open = within(screen.getByRole('region', { name: 'O que você pode abrir' }));
    expect(open.getAllByRole('link').map((link) => link.textContent)).toEqual(['Notas fiscais', 'Projetos']);
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it('gives an admin Equipe and Auditoria, the current section marked', () => {
    pathname = '/painel/equipe';
    renderAs(['revisor', 'admin']);
    expect(sectionLinks()).toEqual([
      'Início',
      'Notas fiscais',
      'Projetos',
      'Regras de pontos',
      'Produtos',
      'Equipe',
      'Auditoria',
    ]);
    const nav = within(screen.getByRole('navigation', { name: 'Seções do painel' }));
    expect(nav.getByRole('link', { name: 'Equipe' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Revisão, Administração')).toBeInTheDocument();
    const open = within(screen.getByRole('region', { name: 'O que você pode abrir' }));
    expect(open.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Notas fiscais',
      'Projetos',
      'Regras de pontos',
      'Produtos',
      'Equipe',
      'Auditoria',
    ]);
  });

  it('marks the section of a page under it, and the home only on itself', () => {
    pathname = '/painel/lojas/loja';
    renderAs(['lojas'], <p>Loja</p>);
    const nav = within(screen.getByRole('navigation', { name: 'Seções do painel' }));
    expect(nav.getByRole('link', { name: 'Lojas' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
  });

  it('leaves with Sair: the session ends on the server and the tab forgets the token, even if the API fails', async () => {
    jest.mocked(painelRequest).mockRejectedValueOnce(new Error('offline'));
    sessionStorage.setItem('CD_STAFF_TOKEN', 'staff-token');
    renderAs(['revisor'], <p>Fila</p>);
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
