import { fireEvent, render, screen } from '@testing-library/react';
import { SwapLink } from './swap-link';

describe('SwapLink', () => {
  it('swaps the object on a plain click, and leaves a new-tab click to the browser', () => {
    const onSwap = jest.fn();
    render(
      <SwapLink href="/painel/notas/revisar?id=9" onSwap={onSwap}>
        Ver a nota #9
      </SwapLink>,
    );
    const link = screen.getByRole('link', { name: 'Ver a nota #9' });
    expect(link).toHaveAttribute('href', '/painel/notas/revisar?id=9');
    expect(fireEvent.click(link)).toBe(false);
    expect(onSwap).toHaveBeenCalledTimes(1);
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(onSwap).toHaveBeenCalledTimes(1);
  });
});
