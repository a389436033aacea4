import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ProductPicker, type ProductOption } from './product-picker';

const CATALOGUE: ProductOption[] = [
  { id: '1', name: 'Dobradiça caneco 35 mm', category: 'Dobradiças' },
  { id: '2', name: 'MDF Branco TX 18 mm', category: 'Painéis MDF' },
  { id: '3', name: 'MDF Freijó 15 mm', category: 'Painéis MDF' },
  { id: '4', name: 'Corrediça telescópica', category: 'Corrediças' },
];

function Picker({ start = [] }: { start?: string[] }) {
  const [selected, setSelected] = useState<string[]>(start);
  return <ProductPicker products={CATALOGUE} selected={selected} error={undefined} onChange={setSelected} />;
}

describe('ProductPicker', () => {
  it('lists nothing before a search: the search box comes first, then only its matches', () => {
    render(<Picker />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar produto' }), { target: { value: 'mdf' } });
    const matches = screen.getByRole('list', { name: 'Produtos encontrados' });
    expect(within(matches).getAllByRole('checkbox').map((box) => box.closest('li')?.textContent)).toEqual([
      'MDF Branco TX 18 mm · Painéis MDF',
      'MDF Freijó 15 mm · Painéis MDF',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 produtos encontrados');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'dobradica' } });
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
  });

  it('shows each chosen product as a chip that takes it off again', () => {
    render(<Picker />);
    const search = screen.getByRole('searchbox', { name: 'Buscar produto' });
    fireEvent.change(search, { target: { value: 'freijo' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /MDF Freijó/ }));
    fireEvent.change(search, { target: { value: 'corredica' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Corrediça/ }));

    const chips = screen.getByRole('list', { name: 'Produtos escolhidos' });
    expect(within(chips).getAllByRole('button').map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Remover MDF Freijó 15 mm',
      'Remover Corrediça telescópica',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remover Corrediça telescópica' }));
    expect(screen.getByRole('checkbox', { name: /Corrediça/ })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Remover Corrediça telescópica' })).not.toBeInTheDocument();
    expect(search).toHaveFocus();
  });

  it('lists the whole catalogue on request, for a member who does not know what to type', () => {
    render(<Picker start={['2']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ver todos os 4 produtos' }));
    expect(screen.getByRole('list', { name: 'Todos os produtos' })).toBeVisible();
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    expect(screen.getByRole('checkbox', { name: /MDF Branco TX/ })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Esconder a lista de produtos' }));
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
