import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { render, screen, within } from '@testing-library/react';
import { QProject } from '@/lib/projects/operations';
import { noteProjectSent } from '@/lib/projects/sent-notice';
import { ProjectScreen } from './project-screen';
import { project } from './test-data';

jest.mock('next/navigation', () => ({ usePathname: () => window.location.pathname }));

function renderAt(id: string, mocks: MockedResponse[]) {
  window.history.pushState({}, '', `/projetos/${id}`);
  return render(
    <MockedProvider mocks={mocks}>
      <ProjectScreen />
    </MockedProvider>,
  );
}

const answer = (id: string, value: ReturnType<typeof project> | null): MockedResponse => ({
  request: { query: QProject, variables: { id } },
  result: { data: { project: value } },
});

describe('ProjectScreen', () => {
  it('says "Projeto enviado" under the title when the form has just opened it, and only then', async () => {
    noteProjectSent('7', 'sent');
    const first = renderAt('7', [answer('7', project())]);
    await screen.findByRole('heading', { level: 1, name: 'Cozinha planejada' });
    expect(screen.getByRole('status')).toHaveTextContent('Projeto enviado! Agora ele está em análise.');
    first.unmount();

    renderAt('7', [answer('7', project())]);
    await screen.findByRole('heading', { level: 1, name: 'Cozinha planejada' });
    expect(screen.queryByText(/Projeto enviado/)).not.toBeInTheDocument();
  });

  it('shows the details: room, city, month in full, description lines, products by category, invoices, consent', async () => {
    renderAt('7', [answer('7', project())]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Cozinha planejada' })).toBeInTheDocument();
    expect(screen.getByText('Cozinha', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Campinas/SP')).toBeInTheDocument();
    expect(screen.getByText('março de 2026')).toBeInTheDocument();
    // Line breaks are kept (white-space: pre-line), so the text still has them.
    expect(document.querySelector('.project-detail__description')).toHaveTextContent(
      'Armários em MDF.\nPuxadores embutidos.',
      { normalizeWhitespace: false },
    );
    const mdf = screen.getByText('Painéis MDF').closest('li')!;
    expect(
      within(mdf)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['MDF Branco TX', 'MDF Carvalho']);
    expect(screen.getByText('NF-e nº 123 · Loja X · 03/2026')).toBeInTheDocument();
    expect(screen.getByText('Você autorizou o clube a publicar as fotos.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Projeto 7 — foto 1 de 3' })).toHaveAttribute('width', '1600');
    expect(screen.queryByRole('link', { name: 'Corrigir e reenviar' })).not.toBeInTheDocument();
  });

  it('a refused project shows the reason in its timeline and leads to correcting it', async () => {
    const reason = 'As fotos não mostram o móvel instalado.';
    renderAt('7', [
      answer(
        '7',
        project({
          status: 'REJECTED',
          rejectionReason: reason,
          publishConsent: false,
          events: [
            { status: 'RECEIVED', note: null, at: '2026-03-07T15:00:00.000Z' },
            { status: 'IN_REVIEW', note: null, at: '2026-03-08T15:00:00.000Z' },
            { status: 'REJECTED', note: reason, at: '2026-03-09T15:00:00.000Z' },
          ].map((e) => ({ __typename: 'ProjectEvent' as const, ...e })) as ReturnType<typeof project>['events'],
        }),
      ),
    ]);

    const timeline = (await screen.findByRole('heading', { name: 'Andamento' })).nextElementSibling as HTMLElement;
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('.timeline__status')?.textContent)).toEqual([
      'Recebido',
      'Em análise',
      'Recusado',
    ]);
    expect(steps[2]).toHaveTextContent(reason);
    expect(screen.getByText('Motivo da recusa:').parentElement).toHaveTextContent(reason);
    expect(screen.getByRole('link', { name: 'Corrigir e reenviar' })).toHaveAttribute(
      'href',
      '/enviar-projeto?corrigir=7',
    );
    expect(screen.getByText('Você não autorizou o clube a publicar as fotos.')).toBeInTheDocument();
  });

  it('an approved project shows the points it earned', async () => {
    renderAt('7', [answer('7', project({ status: 'APPROVED', points: 500 }))]);
    expect(await screen.findByText('+500 pontos')).toBeInTheDocument();
    expect(screen.getAllByText('Aprovado').length).toBeGreaterThan(0);
  });

  it('says "Projeto não encontrado" with the way back when the API has no such project for the member', async () => {
    renderAt('99', [answer('99', null)]);
    expect(await screen.findByRole('heading', { name: 'Projeto não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meus projetos' })).toHaveAttribute('href', '/projetos');
  });

  it("treats a NOT_FOUND error (another member's project) the same way", async () => {
    renderAt('42', [
      {
        request: { query: QProject, variables: { id: '42' } },
        result: { errors: [new GraphQLError('Projeto não encontrado.', { extensions: { code: 'NOT_FOUND' } })] },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Projeto não encontrado' })).toBeInTheDocument();
  });
});
