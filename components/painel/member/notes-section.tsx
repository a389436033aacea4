'use client';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDateTime } from '@/common/format/dates';
import {
  MStaffMemberAddNote,
  NOTE_MAX,
  NOTE_MESSAGES,
  noteProblem,
  QStaffMemberNotes,
  type StaffMemberNoteFieldsFragment,
} from '@/lib/painel/members';
import { painelRequest } from '@/lib/painel/request';
import { FieldFrame } from '../../ui/field-frame';
import { FormAlert } from '../../ui/form-alert';
import { DoneNotice, useDoneNotice } from '../done-notice';
import { PainelList } from '../painel-list';
import { usePainelList } from '../use-painel-list';

const NOTES_PAGE = 20;

/**
 * "Notas internas": what support wrote about the member, newest first with who and when, and a form for a new one.
 * Only the staff reads them; a note is never edited nor deleted (a correction is a new note).
 */
export function NotesSection({ memberId }: { memberId: string }) {
  const list = usePainelList(QStaffMemberNotes, 'staffMemberNotes', {}, () => ({ id: memberId, first: NOTES_PAGE }));
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const { done, setDone, status } = useDoneNotice();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const found = noteProblem(body);
    setProblem(found);
    if (found) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { staffMemberAddNote: note } = await painelRequest(MStaffMemberAddNote, { id: memberId, body: body.trim() });
      // The new note goes on top of what is shown; the pages after it stay as they were.
      list.query.update((data) => ({
        ...data,
        staffMemberNotes: {
          ...data.staffMemberNotes,
          rows: [note, ...data.staffMemberNotes.rows.filter((row) => row.id !== note.id)],
        },
      }));
      setBody('');
      setDone(NOTE_MESSAGES.saved);
    } catch (error) {
      setFailure(error as Error);
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  const apiFields = fieldErrors(failure as never);

  return (
    <section aria-labelledby="notas-internas" className="member-page__section">
      <h2 id="notas-internas">Notas internas</h2>
      <form onSubmit={(event) => void submit(event)} aria-label="Nova nota interna" noValidate className="member-notes">
        <DoneNotice done={done} status={status} />
        <FormAlert message={failure && !apiFields.body ? errorMessage(failure as never) : null} />
        <FieldFrame
          label="Nova nota"
          hint={`Só a equipe lê. De 3 a ${NOTE_MAX} caracteres; depois de salva, a nota não muda nem sai (para corrigir, escreva outra).`}
          error={problem ?? apiFields.body}
        >
          {(control) => (
            <textarea
              ref={field}
              className="field__input"
              rows={3}
              maxLength={NOTE_MAX}
              required
              value={body}
              onChange={(event) => setBody(event.target.value)}
              {...control}
            />
          )}
        </FieldFrame>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Salvando…' : 'Salvar nota'}
        </button>
      </form>
      <PainelList<StaffMemberNoteFieldsFragment>
        list={list}
        rows={list.page?.rows}
        problem={list.problem()}
        words={{
          loading: 'Carregando as notas…',
          empty: 'Nenhuma nota sobre este membro.',
          caption: 'Notas internas, a mais recente primeiro',
          more: 'Carregar mais notas internas',
        }}
        columns={['Quando', 'Quem', 'Nota']}
        className="member-notes__table"
      >
        {(note) => (
          <tr key={note.id}>
            <td>{formatDateTime(note.createdAt)}</td>
            <td>{note.author}</td>
            <td className="member-notes__body">{note.body}</td>
          </tr>
        )}
      </PainelList>
    </section>
  );
}
