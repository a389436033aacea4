import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { QCampaigns } from '@/lib/content/operations';
import { CampaignsScreen } from './campaigns-screen';
import { LIST_PAGE_SIZE } from './paged-list';

const TOTAL = LIST_PAGE_SIZE + 2;

const campaign = (n: number) => ({
  __typename: 'Campaign' as const,
  id: String(n),
  title: `Campanha ${n}`,
  summary: `Resumo ${n}`,
  periodStart: '2026-11-01',
  periodEnd: '2026-12-31',
  status: 'ACTIVE' as const,
  isDraft: false,
  banner: null,
});

const page = (number: number, ids: number[]) => ({
  __typename: 'CampaignList' as const,
  total: TOTAL,
  page: number,
  pageSize: LIST_PAGE_SIZE,
  data: ids.map(campaign),
});

const firstIds = Array.from({ length: LIST_PAGE_SIZE }, (_, i) => i + 1);

function mocks(second: MockedResponse['result'] | Error): MockedResponse[] {
  return [
    {
      request: { query: QCampaigns, variables: { page: 1, pageSize: LIST_PAGE_SIZE } },
      result: { data: { customCampaigns: page(1, firstIds) } },
    },
    {
      request: { query: QCampaigns, variables: { page: 2, pageSize: LIST_PAGE_SIZE } },
      ...(second instanceof Error ? { error: second } : { result: second }),
    },
  ];
}

describe('CampaignsScreen', () => {
  it('adds the next page under the first one with "Carregar mais" and hides the button at the end', async () => {
    render(
      <MockedProvider mocks={mocks({ data: { customCampaigns: page(2, [TOTAL - 1, TOTAL]) } })}>
        <CampaignsScreen />
      </MockedProvider>,
    );
    expect(await screen.findByText(`Mostrando ${LIST_PAGE_SIZE} de ${TOTAL} campanhas`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));

    expect(await screen.findByText(`Mostrando ${TOTAL} de ${TOTAL} campanhas`)).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(Array.from({ length: TOTAL }, (_, i) => `Campanha ${i + 1}`));
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('keeps the cards shown and explains in Portuguese when the next page fails', async () => {
    render(
      <MockedProvider mocks={mocks(new TypeError('Failed to fetch'))}>
        <CampaignsScreen />
      </MockedProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Carregar mais' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Verifique sua conexão');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(LIST_PAGE_SIZE);
    expect(screen.getByRole('button', { name: 'Carregar mais' })).toBeEnabled();
  });
});
