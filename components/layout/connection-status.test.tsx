import { act, render, screen } from '@testing-library/react';
import { ConnectionStatus } from './connection-status';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setOnline(true));

describe('ConnectionStatus', () => {
  it('tells the member when the connection drops and clears the notice when it is back', () => {
    render(<ConnectionStatus />);
    expect(screen.getByTestId('connection-status')).toBeEmptyDOMElement();

    act(() => setOnline(false));
    expect(screen.getByTestId('connection-status')).toHaveTextContent('Você está sem internet.');

    act(() => setOnline(true));
    expect(screen.getByTestId('connection-status')).toBeEmptyDOMElement();
  });
});
