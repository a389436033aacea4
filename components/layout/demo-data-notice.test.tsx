import { render, screen, waitFor } from '@testing-library/react';
import { forgetDemoDataAnswer } from '@/lib/demo/demo-data';
import { reportReachable } from '@/lib/network/reachability';
import { installIdleCallbacks } from '@/lib/testing/idle-callbacks';
import { DemoDataNotice } from './demo-data-notice';

/** The API's answer to the notice's query, as fetch hands it to the light request. */
const answering = (demoData: boolean) =>
  jest.fn(() =>
    Promise.resolve({
      status: 200,
      headers: { get: () => 'application/json' },
      text: () => Promise.resolve(JSON.stringify({ data: { demoData } })),
    } as unknown as Response),
  );

const NOTICE = 'este clube tem contas de exemplo com senhas publicadas. Não use em uma loja real.';

beforeAll(installIdleCallbacks);
beforeEach(() => {
  forgetDemoDataAnswer();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
// A failed request marks the club unreachable for the page; the next case starts online.
afterEach(() => reportReachable(true));

describe('DemoDataNotice', () => {
  it('tells every visitor the club holds demo accounts, in a named aside that is no status message', async () => {
    const fetchMock = answering(true);
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<DemoDataNotice />);
    const notice = await screen.findByRole('complementary', { name: 'Dados de demonstração' });
    expect(notice).toHaveTextContent(`Dados de demonstração: ${NOTICE}`);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as {
      operationName: string;
    };
    expect(body.operationName).toBe('QDemoData');
  });

  it('shows nothing in a club without demo accounts', async () => {
    const fetchMock = answering(false);
    global.fetch = fetchMock as unknown as typeof fetch;
    const { container } = render(<DemoDataNotice />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(container).toBeEmptyDOMElement();
  });

  it('asks once however many frames a page shows', async () => {
    const fetchMock = answering(true);
    global.fetch = fetchMock as unknown as typeof fetch;
    const { unmount } = render(
      <>
        <DemoDataNotice />
        <DemoDataNotice />
      </>,
    );
    expect(await screen.findAllByRole('complementary', { name: 'Dados de demonstração' })).toHaveLength(2);
    unmount();
    // The next screen of the same page load: drawn from the answer it has.
    render(<DemoDataNotice />);
    expect(await screen.findByRole('complementary', { name: 'Dados de demonstração' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when the club does not answer, and asks again on the next screen', async () => {
    const failing = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    global.fetch = failing as unknown as typeof fetch;
    const first = render(<DemoDataNotice />);
    await waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(first.container).toBeEmptyDOMElement();
    first.unmount();

    global.fetch = answering(true) as unknown as typeof fetch;
    render(<DemoDataNotice />);
    expect(await screen.findByRole('complementary', { name: 'Dados de demonstração' })).toBeInTheDocument();
  });
});
