import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useRef } from 'react';
import { KEYED_MESSAGES } from '@/lib/painel/keyed-items';
import { QStaffPreviewKeyedItems, QStaffProducts } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import { keyedApprovalChoice } from './keyed-approval';
import { KeyedItemsEditor } from './keyed-items-editor';
import { useManualPoints } from './manual-points';
import { useKeyedItems } from './use-keyed-items';

jest.mock('@/lib/painel/request', () => ({ painelRequest: jest.fn() }));
const request = jest.mocked(painelRequest);

const MDF = { gtin: '7893216101004', name: 'Chapa MDF Branco TX 18 mm 2750x1850', lineName: 'Chapas de MDF' };
const COMPETITOR = '7891234567895';

type Item = { gtin: string; quantity: string; valueCents: number };

beforeEach(() => {
  request.mockReset();
  // The catalogue knows the MDF; the rules give 1 point per R$ 1 of it, nothing to any other GTIN.
  request.mockImplementation(((document: unknown, variables: { items?: Item[]; search?: string }) => {
    if (document === QStaffProducts)
      return Promise.resolve({ staffProducts: variables.search && MDF.gtin.includes(variables.search) ? [MDF] : [] });
    if (document === QStaffPreviewKeyedItems) {
      const lines = variables.items!.map((item) => {
        const ours = item.gtin === MDF.gtin;
        return {
          ...item,
          productName: ours ? MDF.name : null,
          line: ours ? MDF.lineName : null,
          participates: ours,
          points: ours ? Math.floor(item.valueCents / 100) : 0,
          rules: ours ? ['Base Chapas de MDF'] : [],
        };
      });
      return Promise.resolve({
        staffPreviewKeyedItems: { lines, total: lines.reduce((sum, l) => sum + l.points, 0) },
      });
    }
    return Promise.reject(new Error('inesperado'));
  }) as never);
});

function Editor() {
  const keyed = useKeyedItems('7');
  const productField = useRef<HTMLInputElement>(null);
  return <KeyedItemsEditor keyed={keyed} disabled={false} productField={productField} />;
}

const previews = () => request.mock.calls.filter(([document]) => document === QStaffPreviewKeyedItems);

function addLine(product: string, quantity: string, value: string) {
  fireEvent.change(screen.getByLabelText('Produto (nome ou GTIN)'), { target: { value: product } });
  fireEvent.change(screen.getByLabelText('Quantidade'), { target: { value: quantity } });
  fireEvent.change(screen.getByLabelText('Valor pago (R$)'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
}

describe('the "Itens da marca" editor', () => {
  it('adds a line by its GTIN, reads a pt-BR value and shows the points the rules give it', async () => {
    render(<Editor />);
    expect(screen.getByText('Nenhum item digitado ainda.')).toBeInTheDocument();
    addLine(MDF.gtin, '2', '1.234,50');
    await waitFor(() => expect(screen.getByText('Total: 1.234 pontos')).toBeInTheDocument());
    expect(previews().at(-1)?.[1]).toEqual({
      invoiceId: '7',
      items: [{ gtin: MDF.gtin, quantity: '2', valueCents: 123_450 }],
    });
    const line = within(screen.getByRole('list', { name: 'Itens digitados' })).getByRole('listitem');
    expect(line).toHaveTextContent(MDF.name);
    expect(line).toHaveTextContent('1.234 pontos (Base Chapas de MDF)');
    // Ready for the next line, from the product.
    expect(screen.getByLabelText('Produto (nome ou GTIN)')).toHaveValue('');
    expect(screen.getByLabelText('Produto (nome ou GTIN)')).toHaveFocus();
    expect(screen.getByLabelText('Quantidade')).toHaveValue('1');
  });

  it('says a GTIN outside the catalogue takes no part, and removes a line', async () => {
    render(<Editor />);
    addLine(MDF.gtin, '1', '100');
    addLine(COMPETITOR, '1,5', '50,00');
    await waitFor(() => expect(screen.getByText('Total: 100 pontos')).toBeInTheDocument());
    expect(screen.getByText(/não participa do clube/)).toBeInTheDocument();
    expect(previews().at(-1)?.[1]).toMatchObject({ items: [{ valueCents: 10_000 }, { quantity: '1.5' }] });
    fireEvent.click(screen.getByRole('button', { name: `Remover ${MDF.name}` }));
    await waitFor(() => expect(screen.getByText('Total: 0 pontos')).toBeInTheDocument());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(previews().at(-1)?.[1]).toEqual({
      invoiceId: '7',
      items: [{ gtin: COMPETITOR, quantity: '1.5', valueCents: 5_000 }],
    });
  });

  it('names the picked product under its field when the GTIN is typed or scanned', async () => {
    render(<Editor />);
    fireEvent.change(screen.getByLabelText('Produto (nome ou GTIN)'), { target: { value: MDF.gtin } });
    await waitFor(() =>
      expect(screen.getByLabelText('Produto (nome ou GTIN)')).toHaveAccessibleDescription(
        `${MDF.name} · ${MDF.lineName}`,
      ),
    );
  });

  it('puts each error beside its field and adds nothing', () => {
    render(<Editor />);
    addLine('7893216101005', '0', '12.5');
    expect(screen.getByLabelText('Produto (nome ou GTIN)')).toHaveAccessibleDescription(
      expect.stringContaining(KEYED_MESSAGES.product),
    );
    expect(screen.getByLabelText('Quantidade')).toHaveAccessibleDescription(KEYED_MESSAGES.quantity);
    expect(screen.getByLabelText('Valor pago (R$)')).toHaveAccessibleDescription(KEYED_MESSAGES.value);
    expect(screen.getByLabelText('Quantidade')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Nenhum item digitado ainda.')).toBeInTheDocument();
    expect(previews()).toHaveLength(0);
  });
});

describe('an approval by keyed lines', () => {
  it('does not go with no line or before the points are computed, and says why', async () => {
    const { result } = renderHook(() => ({ keyed: useKeyedItems('7'), manual: useManualPoints() }));
    const focus = jest.fn();
    expect(keyedApprovalChoice(result.current.keyed, result.current.manual, focus)).toEqual({
      problem: KEYED_MESSAGES.none,
      focus,
    });
    act(() => {
      result.current.keyed.add({ gtin: MDF.gtin, name: MDF.name, quantity: '1', valueCents: 4_000 });
    });
    await waitFor(() => expect(result.current.keyed.lines).toHaveLength(1));
    expect(keyedApprovalChoice(result.current.keyed, result.current.manual, focus)).toMatchObject({
      problem: KEYED_MESSAGES.waiting,
    });
    await waitFor(() => expect(result.current.keyed.preview?.total).toBe(40));
    expect(keyedApprovalChoice(result.current.keyed, result.current.manual, focus)).toEqual({ points: 40 });
  });
});
