import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QProjects } from '@/lib/projects/operations';
import { PROJECTS_PAGE_SIZE, ProjectsScreen } from './projects-screen';
import { projectCard } from './test-data';

const page = (ids: number[], total: number, nextCursor: string | null) => ({
  __typename: 'ProjectPage' as const,
  data: ids.map(projectCard),
  total,
  page: 1,
  pageSize: PROJECTS_PAGE_SIZE,
  hasMore: nextCursor !== null,
  nextCursor,
});

function renderScreen(mocks: MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks}>
      <ProjectsScreen />
    </MockedProvider>,
  );
}

const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('ProjectsScreen', () => {
  it('shows the projects newest first, each card a link to its page, and a way to send another', async () => {
    renderScreen([
      {
        request: { query: QProjects, variables: { pageSize: PROJECTS_PAGE_SIZE } },
        result: { data: { projects: page([3, 2, 1], 3, null) } },
      },
    ]);

    expect(await screen.findByRole('link', { name: 'Projeto 3' })).toHaveAttribute('href', '/projetos/3');
    expect(titles()).toEqual(['Projeto 3', 'Projeto 2', 'Projeto 1']);
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByText('Em análise')).toBeInTheDocument();
    expect(within(first).getByText(/Cozinha/)).toBeInTheDocument();
    expect(within(first).getByText('03/03/2026')).toBeInTheDocument();
    const covers = document.querySelectorAll('img');
    expect(covers[0]).toHaveAttribute('width', '480');
    expect(covers[0]).toHaveAttribute('height', '360');
    expect(covers[0]).toHaveAttribute('loading', 'eager');
    expect(covers[1]).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('link', { name: 'Enviar projeto' })).toHaveAttribute('href', '/enviar-projeto');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('leads a member without projects to send the first one', async () => {
    renderScreen([
      {
        request: { query: QProjects, variables: { pageSize: PROJECTS_PAGE_SIZE } },
        result: { data: { projects: page([], 0, null) } },
      },
    ]);

    expect(await screen.findByRole('link', { name: 'Enviar meu primeiro projeto' })).toHaveAttribute(
      'href',
      '/enviar-projeto',
    );
    expect(screen.getByText(/ainda não enviou nenhum projeto/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Enviar projeto' })).not.toBeInTheDocument();
  });

  it('"Carregar mais" asks for the page after the cursor and adds it under the first', async () => {
    renderScreen([
      {
        request: { query: QProjects, variables: { pageSize: PROJECTS_PAGE_SIZE } },
        result: { data: { projects: page([5, 4, 3], 5, 'cursor-3') } },
      },
      {
        request: { query: QProjects, variables: { pageSize: PROJECTS_PAGE_SIZE, after: 'cursor-3' } },
        result: { data: { projects: page([2, 1], 5, null) } },
      },
    ]);

    expect(await screen.findByText('Mostrando 3 de 5 projetos')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));

    expect(await screen.findByText('Mostrando 5 de 5 projetos')).toBeInTheDocument();
    expect(titles()).toEqual(['Projeto 5', 'Projeto 4', 'Projeto 3', 'Projeto 2', 'Projeto 1']);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('says in Portuguese when the list cannot be loaded', async () => {
    renderScreen([
      {
        request: { query: QProjects, variables: { pageSize: PROJECTS_PAGE_SIZE } },
        error: new TypeError('Failed to fetch'),
      },
    ]);

    expect(await screen.findByRole('alert')).toHaveTextContent('Verifique sua conexão');
  });
});
