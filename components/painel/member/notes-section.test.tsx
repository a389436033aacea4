import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MStaffMemberAddNote, NOTE_MESSAGES, QStaffMemberNotes } from '@/lib/painel/members';
import { painelRequest } from '@/lib/painel/request';
import { NotesSection } from './notes-section';

jest.mock('@/lib/painel/request', () => ({ painelRequest: jest.fn() }));
const request = jest.mocked(painelRequest);

const note = (id: string, body: string, author = 'Carla Atendimento', createdAt = '2026-11-24T17:56:00.000Z') => ({
  id,
  body,
  author,
  createdAt,
});

/** The API as the section asks it: notes pages by cursor, and the new note's answer. */
function api({ added, refuse }: { added?: ReturnType<typeof note>; refuse?: string } = {}) {
  request.mockImplementation((async (document: unknown, variables: { after?: string | null; body?: string }) => {
    if (document === QStaffMemberNotes) {
      return variables.after === 'c2'
        ? { staffMemberNotes: { rows: [note('1', 'A primeira nota')], nextCursor: null } }
        : {
            staffMemberNotes: {
              rows: [note('3', 'A terceira nota', 'Ana Admin'), note('2', 'A segunda nota')],
              nextCursor: 'c2',
            },
          };
    }
    if (document === MStaffMemberAddNote) {
      if (refuse) {
        throw new CombinedGraphQLErrors({
          errors: [{ message: refuse, extensions: { code: 'BAD_USER_INPUT', fields: { body: refuse } } }],
        });
      }
      return { staffMemberAddNote: added };
    }
    throw new Error('unexpected document');
  }) as never);
}

const rowsText = () =>
  within(screen.getByRole('table', { name: 'Notas internas, a mais recente primeiro' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('NotesSection', () => {
  beforeEach(() => request.mockReset());

  it('lists the notes newest first with who and when (São Paulo time), and loads more', async () => {
    api();
    render(<NotesSection memberId="7" />);
    expect(await screen.findByRole('heading', { name: 'Notas internas', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(rowsText()).toHaveLength(2));
    expect(rowsText()[0]).toBe('24/11/2026, 14:56Ana AdminA terceira nota');
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais notas internas' }));
    await waitFor(() => expect(rowsText()).toHaveLength(3));
    expect(rowsText()[2]).toContain('A primeira nota');
    expect(screen.queryByRole('button', { name: 'Carregar mais notas internas' })).not.toBeInTheDocument();
    expect(request.mock.calls.at(-1)![1]).toEqual({ id: '7', first: 20, after: 'c2' });
  });

  it('checks the text before sending, saying why beside the field, and keeps the focus there', async () => {
    api();
    render(<NotesSection memberId="7" />);
    const field = await screen.findByLabelText('Nova nota');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nota' }));
    expect(screen.getByText(NOTE_MESSAGES.empty)).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(field, { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nota' }));
    expect(screen.getByText(NOTE_MESSAGES.length)).toBeInTheDocument();
    expect(request.mock.calls.some(([document]) => document === MStaffMemberAddNote)).toBe(false);
  });

  it('saves a note, shows it on top and says so in a status the screen reader announces', async () => {
    api({ added: note('4', 'Ligou pedindo 2ª via do código.', 'Carla Atendimento', '2026-11-29T13:05:00.000Z') });
    render(<NotesSection memberId="7" />);
    await waitFor(() => expect(rowsText()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Nova nota'), { target: { value: '  Ligou pedindo 2ª via do código. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nota' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NOTE_MESSAGES.saved);
    expect(screen.getByRole('status')).toHaveFocus();
    expect(request).toHaveBeenCalledWith(MStaffMemberAddNote, { id: '7', body: 'Ligou pedindo 2ª via do código.' });
    expect(rowsText()[0]).toBe('29/11/2026, 10:05Carla AtendimentoLigou pedindo 2ª via do código.');
    expect(screen.getByLabelText('Nova nota')).toHaveValue('');
  });

  it("shows the API's refusal beside the field", async () => {
    api({ refuse: NOTE_MESSAGES.length });
    render(<NotesSection memberId="7" />);
    fireEvent.change(await screen.findByLabelText('Nova nota'), {
      target: { value: 'Uma nota que o servidor recusa' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nota' }));
    expect(await screen.findByText(NOTE_MESSAGES.length)).toBeInTheDocument();
    expect(screen.getByLabelText('Nova nota')).toHaveValue('Uma nota que o servidor recusa');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
