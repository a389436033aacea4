import { MockedProvider } from '@apollo/client/testing/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QHomeReminders } from '@/lib/home/operations';
import { HomeReminders, useHomeReminderRows } from './home-reminders';
import { installIdleCallbacks } from '@/lib/testing/idle-callbacks';

/** Home's own wiring: the rows from the hook, drawn by the view. */
function Reminders() {
  return <HomeReminders rows={useHomeReminderRows()} />;
}

jest.mock('next/navigation', () => ({ useRouter: () => ({ prefetch: jest.fn() }) }));

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

interface Answer {
  expiring?: { date: string; points: number }[];
  invoices?: { total: number; waiting: number; refused: number };
  refusedInvoices?: { id: string; reasonStart: string }[];
  projects?: { id: string; title: string; status: 'REJECTED' | 'IN_REVIEW' | 'RECEIVED'; reasonStart: string | null }[];
}

function renderWith(answer: Answer, options: { error?: boolean } = {}) {
  const projects = answer.projects ?? [];
  const answered = jest.fn(() => ({
    data: {
      pointsSummary: {
        __typename: 'PointsSummary' as const,
        expiring: (answer.expiring ?? []).map((e) => ({ __typename: 'ExpiringPoints' as const, ...e })),
      },
      myInvoiceCounts: {
        __typename: 'InvoiceCounts' as const,
        ...(answer.invoices ?? { total: 4, waiting: 0, refused: 0 }),
      },
      myRefusedInvoices: (answer.refusedInvoices ?? []).map((i) => ({ __typename: 'RefusedInvoice' as const, ...i })),
      myProjectCounts: {
        __typename: 'ProjectCounts' as const,
        refused: projects.filter((p) => p.status === 'REJECTED').length,
        waiting: projects.filter((p) => p.status !== 'REJECTED').length,
      },
      myOpenProjects: projects.map((p) => ({ __typename: 'OpenProject' as const, ...p })),
    },
  }));
  const mock = options.error
    ? { request: { query: QHomeReminders }, error: new Error('sem sinal') }
    : { request: { query: QHomeReminders }, result: answered };
  const view = render(
    <MockedProvider mocks={[mock]}>
      <Reminders />
    </MockedProvider>,
  );
  return { ...view, answered };
}

/** Lets an answer render before looking: an empty page while loading proves nothing. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeAll(installIdleCallbacks);

describe('HomeReminders', () => {
  it('keeps one row of room while loading, so what is below does not jump when they come', () => {
    const { container } = renderWith({});
    expect(container.querySelector('.home-reminders--pending')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Avisos' })).not.toBeInTheDocument();
  });

  it('leads a new member to the first invoice', async () => {
    renderWith({ invoices: { total: 0, waiting: 0, refused: 0 } });
    const avisos = await screen.findByRole('region', { name: 'Avisos' });
    expect(within(avisos).getByText('Envie sua primeira nota')).toBeInTheDocument();
    expect(within(avisos).getByRole('link', { name: 'Enviar nota' })).toHaveAttribute('href', '/minhas-nfs');
  });

  it('lists expiring points, a refused invoice and project with their reasons, and what waits, each with its button', async () => {
    const soon = inDays(10);
    renderWith({
      expiring: [
        { date: soon, points: 980 },
        { date: inDays(80), points: 3000 },
      ],
      invoices: { total: 4, waiting: 1, refused: 1 },
      refusedInvoices: [{ id: '41', reasonStart: 'A foto cortou a chave de acesso…' }],
      projects: [
        { id: '8', title: 'Dormitório', status: 'REJECTED', reasonStart: 'As fotos não mostram o guarda-roupa…' },
        { id: '9', title: 'Home office', status: 'IN_REVIEW', reasonStart: null },
      ],
    });
    const avisos = await screen.findByRole('region', { name: 'Avisos' });
    const items = within(avisos).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `980 pontos vencem em ${dayMonth(soon)}Trocar pontos`,
      'Nota fiscal recusadaA foto cortou a chave de acesso…Reenviar',
      'Projeto recusadoAs fotos não mostram o guarda-roupa…Corrigir',
      '1 nota fiscal em análiseAcompanhar',
      'Projeto em análiseHome officeVer projeto',
    ]);
    expect(within(avisos).getByRole('link', { name: 'Reenviar' })).toHaveAttribute('href', '/minhas-nfs#nf-41');
    expect(within(avisos).getByRole('link', { name: 'Corrigir' })).toHaveAttribute(
      'href',
      '/enviar-projeto?corrigir=8',
    );
    expect(within(avisos).getByRole('link', { name: 'Ver projeto' })).toHaveAttribute('href', '/projetos/9');
  });

  it('shows nothing when nothing is urgent or waiting', async () => {
    const { container, answered } = renderWith({ expiring: [{ date: inDays(80), points: 3000 }] });
    await waitFor(() => expect(answered).toHaveBeenCalled());
    await settle();
    expect(container.textContent).toBe('');
    expect(container.querySelector('.home-reminders--pending')).not.toBeInTheDocument();
  });

  it('gives its room back when the reminders cannot load: home works without them', async () => {
    const { container } = renderWith({}, { error: true });
    await waitFor(() => expect(container.querySelector('.home-reminders--pending')).not.toBeInTheDocument());
    expect(container.textContent).toBe('');
  });
});
