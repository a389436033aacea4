import { act, render, screen } from '@testing-library/react';
import { enterMaintenance, leaveMaintenance } from '@/lib/network/maintenance';
import { UnreachableScreen } from './unreachable-screen';

describe('UnreachableScreen', () => {
  it('asks for the member again by itself when a maintenance ends, not while it lasts', () => {
    const retry = jest.fn();
    render(<UnreachableScreen retry={retry} />);
    expect(screen.getByRole('heading', { name: 'Sem conexão com o clube' })).toBeInTheDocument();
    act(() => enterMaintenance());
    expect(retry).not.toHaveBeenCalled();
    act(() => leaveMaintenance());
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
