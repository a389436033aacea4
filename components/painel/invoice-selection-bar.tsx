'use client';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { bulkSentence } from '@/common/painel/invoice-queue';
import { MStaffAssignInvoices, MStaffRejectCopies, type QStaffReviewersQuery } from '@/lib/painel/operations';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { usePainelMutation } from './use-painel-mutation';

type Reviewer = QStaffReviewersQuery['staffReviewers'][number];

/** What the member reads on a copy refused from the list, unless the reviewer writes another reason. */
export const COPY_REASON = 'Esta nota já tinha sido enviada antes (o mesmo arquivo): ela não soma pontos de novo.';

/** A reviewer as the choice reads: the name, and the e-mail when two people share it. */
const reviewerLabel = (r: Reviewer, all: readonly Reviewer[]) =>
  all.filter((o) => o.name === r.name).length > 1 ? `${r.name} (${r.email})` : r.name;

/**
 * The queue's decisions on the selected invoices, in a band held at the bottom of the screen while the list scrolls: give them to a reviewer (or to nobody), or refuse the copies among
 * them with one reason. The API decides each invoice on its own and says why any one was left.
 */
export function InvoiceSelectionBar({
  selected,
  reviewers,
  onDone,
  onClear,
}: {
  selected: readonly string[];
  reviewers: readonly Reviewer[];
  /** After a decision, with what it did: the list asks again, the selection empties and the sentence shows. */
  onDone: (sentence: string) => void;
  onClear: () => void;
}) {
  const [to, setTo] = useState('');
  const [reason, setReason] = useState(COPY_REASON);
  const [assign, assigning] = usePainelMutation(MStaffAssignInvoices);
  const [refuse, refusing] = usePainelMutation(MStaffRejectCopies);
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const count = selected.length;

  const run = async (
    work: () => Promise<{ done: string[]; skipped: { id: string; message: string }[] }>,
    words: { one: string; many: string },
  ) => {
    setProblem(null);
    try {
      onDone(bulkSentence(await work(), words));
    } catch (error) {
      setProblem({ message: errorMessage(error as never), fields: fieldErrors(error as never) });
    }
  };
  const onAssign = (event: FormEvent) => {
    event.preventDefault();
    const staffId = to === '' ? null : to;
    const name = reviewers.find((r) => r.id === staffId)?.name;
    const words = name
      ? { one: `atribuída a ${name}`, many: `atribuídas a ${name}` }
      : { one: 'ficou sem responsável', many: 'ficaram sem responsável' };
    void run(async () => (await assign({ ids: [...selected], staffId })).staffAssignInvoices, words);
  };
  const onRefuse = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => (await refuse({ ids: [...selected], reason })).staffRejectCopies, {
      one: 'recusada',
      many: 'recusadas',
    });
  };

  return (
    <section className="invoice-selection" aria-labelledby="invoice-selection-title">
      <div className="invoice-selection__head">
        <h2 id="invoice-selection-title" className="invoice-selection__title">
          {count === 1 ? '1 nota selecionada' : `${count} notas selecionadas`}
        </h2>
        <button type="button" className="link-button" onClick={onClear}>
          Limpar a seleção
        </button>
      </div>
      {problem && !problem.fields.reason && !problem.fields.staffId && (
        <p className="alert alert--error" role="alert">
          {problem.message}
        </p>
      )}
      <form className="invoice-selection__form" onSubmit={onAssign}>
        <SelectField
          label="Atribuir a"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={problem?.fields.staffId}
        >
          <option value="">Ninguém (tirar o responsável)</option>
          {reviewers.map((r) => (
            <option key={r.id} value={r.id}>
              {reviewerLabel(r, reviewers)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button button--secondary" disabled={count === 0 || assigning.loading}>
          {assigning.loading ? 'Atribuindo…' : 'Atribuir'}
        </button>
      </form>
      <form className="invoice-selection__form invoice-selection__form--wide" onSubmit={onRefuse}>
        <TextField
          label="Motivo da recusa das cópias (o membro lerá)"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          error={problem?.fields.reason}
        />
        <button type="submit" className="button button--secondary" disabled={count === 0 || refusing.loading}>
          {refusing.loading ? 'Recusando…' : 'Recusar as cópias'}
        </button>
      </form>
    </section>
  );
}
