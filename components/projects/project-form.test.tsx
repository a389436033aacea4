import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { GraphQLFormattedError } from 'graphql';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EMPTY_DRAFT_VALUES, loadProjectDraft, type ProjectDraft } from '@/lib/projects/draft';
import { PROJECT_PHOTO_MESSAGES } from '@/lib/projects/photos';
import { PROJECT_MESSAGES } from '@/lib/projects/validate';
import { ProjectForm } from './project-form';
import { project } from './test-data';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, prefetch: jest.fn() }) }));

const OPTIONS = {
  states: [
    { __typename: 'StateOption', id: '35', uf: 'SP', name: 'São Paulo' },
    { __typename: 'StateOption', id: '33', uf: 'RJ', name: 'Rio de Janeiro' },
  ],
  myInvoices: {
    __typename: 'InvoicePage',
    data: [
      { __typename: 'Invoice', id: '5', status: 'APPROVED', number: 123, issuerName: 'Loja X', issuedMonth: '2026-03' },
      { __typename: 'Invoice', id: '6', status: 'IN_REVIEW', number: 124, issuerName: null, issuedMonth: '2026-04' },
    ],
  },
  customCampaigns: { __typename: 'CampaignPage', data: [] },
  promotions: { __typename: 'PromotionPage', data: [{ __typename: 'Promotion', slug: 'verao', title: 'Verão' }] },
};
const CATALOGUE = [
  { __typename: 'Product', id: '1', name: 'Dobradiça caneco', category: 'Dobradiças' },
  { __typename: 'Product', id: '2', name: 'MDF Branco TX', category: 'Painéis MDF' },
];
const CITIES = [
  { __typename: 'City', id: '1', name: 'Campinas' },
  { __typename: 'City', id: '2', name: 'Santos' },
];

type Answer = { data: Record<string, unknown> } | { errors: GraphQLFormattedError[] };

/** The API: the form's lists, and each send answered with the next of `answers`, its variables recorded. */
function fakeApi(answers: Answer[] = []) {
  const sent: Record<string, unknown>[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const name = operation.operationName;
        let answer: Answer;
        if (name === 'QProjectLinkOptions') answer = { data: OPTIONS };
        else if (name === 'QProductCatalog') answer = { data: { productCatalog: CATALOGUE } };
        else if (name === 'QCities')
          answer = { data: { cities: operation.variables['stateId'] === '35' ? CITIES : [] } };
        else if (name === 'QProjects') answer = { data: { projects: null } };
        else {
          sent.push(operation.variables);
          answer = answers.shift() ?? { errors: [{ message: 'unexpected' }] };
        }
        observer.next(answer);
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ cache: new InMemoryCache(), link }), sent };
}

const refusal = (fields: Record<string, string>): Answer => ({
  errors: [{ message: Object.values(fields)[0] ?? '', extensions: { code: 'BAD_USER_INPUT', fields } }],
});

const filled: ProjectDraft = {
  values: {
    ...EMPTY_DRAFT_VALUES,
    title: '  Cozinha planejada  ',
    environment: 'KITCHEN',
    description: 'Armários em MDF. ',
    stateId: '35',
    city: 'Campinas',
    finishedMonth: '2024-03',
    productIds: ['2'],
  },
  photos: [{ id: '9', preview: 'data:image/jpeg;base64,AA', width: 4, height: 3 }],
  sendKey: 'send-key-1',
};

function renderForm(initial: ProjectDraft, answers: Answer[] = []) {
  const api = fakeApi(answers);
  render(
    <ApolloProvider client={api.client}>
      <ProjectForm memberId="7" projectId={null} initial={initial} />
    </ApolloProvider>,
  );
  return api;
}

/** Lets the checks that follow a change run, so a message that would come back has come back. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar projeto' }));
/** The message shown under the labelled field. */
const messageOf = (label: string) => screen.getByLabelText(label).closest('.field')?.querySelector('.field__error');

describe('ProjectForm', () => {
  beforeEach(() => localStorage.clear());

  it('comes back from the kept draft with every choice in place once the lists arrive, and keeps each change', async () => {
    renderForm({
      ...filled,
      values: { ...filled.values, invoiceIds: ['5'], campaignSlug: 'verao', publishConsent: true },
    });

    expect(screen.getByLabelText('Título')).toHaveValue('  Cozinha planejada  ');
    expect(screen.getByLabelText('Ambiente')).toHaveValue('KITCHEN');
    expect(await screen.findByRole('option', { name: 'São Paulo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Estado onde foi instalado')).toHaveValue('35');
    expect(await screen.findByRole('option', { name: 'Santos' })).toBeInTheDocument();
    expect(screen.getByLabelText('Cidade')).toHaveValue('Campinas');
    expect(screen.getByLabelText('Mês de conclusão')).toHaveValue('03');
    expect(screen.getByLabelText('Ano de conclusão')).toHaveValue('2024');
    // A chosen product is a chip; the catalogue itself waits for a search.
    expect(await screen.findByRole('button', { name: 'Remover MDF Branco TX' })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /MDF Branco TX/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Nota nº 123 · Loja X · 03/2026' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Nota nº 124/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Campanha ou promoção em que o projeto entra')).toHaveValue('verao');
    expect(screen.getByLabelText('Autorizo o clube a publicar as fotos')).toBeChecked();
    expect(within(screen.getByRole('list', { name: 'Fotos escolhidas' })).getByText('Foto enviada')).toBeVisible();

    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Cozinha em L' } });
    fireEvent.change(screen.getByLabelText('Estado onde foi instalado'), { target: { value: '33' } });
    expect(screen.getByLabelText('Cidade')).toHaveValue('');
    expect(loadProjectDraft('7', null)).toEqual({
      values: {
        ...filled.values,
        title: 'Cozinha em L',
        stateId: '33',
        city: '',
        invoiceIds: ['5'],
        campaignSlug: 'verao',
        publishConsent: true,
      },
      photos: filled.photos,
      sendKey: 'send-key-1',
    });
  });

  it('refuses an empty form with a message in Portuguese under each field, each cleared by changing its field', async () => {
    const { sent } = renderForm({ values: EMPTY_DRAFT_VALUES, photos: [], sendKey: 'send-key-1' });
    send();

    expect(await screen.findByText(PROJECT_MESSAGES.title)).toBeInTheDocument();
    expect(messageOf('Ambiente')).toHaveTextContent(PROJECT_MESSAGES.environment);
    expect(messageOf('Descrição')).toHaveTextContent(PROJECT_MESSAGES.description);
    expect(messageOf('Estado onde foi instalado')).toHaveTextContent(PROJECT_MESSAGES.state);
    expect(messageOf('Mês de conclusão')).toHaveTextContent(PROJECT_MESSAGES.month);
    expect(screen.getByText(PROJECT_MESSAGES.products)).toBeInTheDocument();
    expect(screen.getByText(PROJECT_PHOTO_MESSAGES.none)).toBeInTheDocument();
    expect(screen.getByLabelText('Fotos do projeto')).toHaveFocus();

    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'ab' } });
    await settle();
    expect(screen.queryByText(PROJECT_MESSAGES.title)).not.toBeInTheDocument();
    expect(messageOf('Ambiente')).toHaveTextContent(PROJECT_MESSAGES.environment);

    await screen.findByRole('option', { name: 'São Paulo' });
    fireEvent.change(screen.getByLabelText('Estado onde foi instalado'), { target: { value: '35' } });
    expect(messageOf('Estado onde foi instalado')).toBeNull();
    send();
    await waitFor(() => expect(messageOf('Cidade')).toHaveTextContent(PROJECT_MESSAGES.city));
    expect(messageOf('Título')).toHaveTextContent(PROJECT_MESSAGES.title);
    expect(sent).toHaveLength(0);
  });

  it('sends the project as the API takes it, forgets the draft and opens the project', async () => {
    const { sent } = renderForm(filled, [{ data: { submitProject: project() } }]);
    await screen.findByRole('option', { name: 'São Paulo' });
    send();

    await waitFor(() => expect(push).toHaveBeenCalledWith('/projetos/7'));
    expect(screen.getByText(/Projeto enviado! Abrindo o projeto/)).toBeVisible();
    expect(sent).toEqual([
      {
        input: {
          title: 'Cozinha planejada',
          environment: 'KITCHEN',
          description: 'Armários em MDF.',
          uf: 'SP',
          city: 'Campinas',
          finishedMonth: '2024-03',
          productIds: ['2'],
          invoiceIds: [],
          campaignSlug: null,
          publishConsent: false,
        },
        photoIds: ['9'],
        idempotencyKey: 'send-key-1',
      },
    ]);
    expect(loadProjectDraft('7', null)).toBeNull();
  });

  it("puts the API's refusals under their fields (the state's as uf, the photos'), and any other in the alert", async () => {
    const photoGone = 'Uma das fotos não foi encontrada. Envie-a de novo.';
    renderForm(filled, [
      refusal({ uf: 'Escolha o estado onde o projeto foi instalado.', photoIds: photoGone }),
      refusal({ idempotencyKey: 'Chave de envio inválida.' }),
    ]);
    await screen.findByRole('option', { name: 'São Paulo' });
    send();

    expect(await screen.findByText(photoGone)).toBeInTheDocument();
    expect(messageOf('Estado onde foi instalado')).toHaveTextContent('Escolha o estado onde o projeto foi instalado.');
    expect(screen.queryByText('Escolha o estado onde o projeto foi instalado.', { selector: '.alert' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enviar projeto' })).toBeEnabled();

    send();
    expect(await screen.findByText('Chave de envio inválida.', { selector: '.alert' })).toBeInTheDocument();
    expect(loadProjectDraft('7', null)?.values.title).toBe('  Cozinha planejada  ');
  });
});
