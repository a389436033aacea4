import { act, render, screen } from '@testing-library/react';
import { reportReachable } from '@/lib/network/reachability';
import { ConnectionStatus } from './connection-status';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(() => {
  global.fetch = jest.fn(() => Promise.resolve({ status: 400 } as Response)) as unknown as typeof fetch;
});

afterEach(() => {
  setOnline(true);
  reportReachable(true);
  jest.useRealTimers();
});

describe('ConnectionStatus', () => {
  it('tells the member when the connection drops and clears the notice when it is back', () => {
    render(<ConnectionStatus />);
    expect(screen.getByTestId('connection-status')).toBeEmptyDOMElement();

    act(() => setOnline(false));
    expect(screen.getByTestId('connection-status')).toHaveTextContent('Você está sem conexão.');

    act(() => setOnline(true));
    expect(screen.getByTestId('connection-status')).toBeEmptyDOMElement();
  });

  it('says so when the club stops answering while the browser still claims to be online, and asks again until it answers', async () => {
    jest.useFakeTimers();
    const answers: Array<'fail' | 'ok'> = ['fail', 'ok'];
    const fetchMock = jest.fn(() =>
      answers.shift() === 'ok'
        ? Promise.resolve({ status: 400 } as Response)
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<ConnectionStatus />);

    act(() => reportReachable(false));
    expect(screen.getByTestId('connection-status')).toHaveTextContent('Você está sem conexão.');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('connection-status')).toHaveTextContent('Você está sem conexão.');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('connection-status')).toBeEmptyDOMElement();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(20_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
