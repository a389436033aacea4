'use client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDateTime } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { formatTimeAgo } from '@/common/format/time-ago';
import {
  MStaffConfirmPartnerTransfer,
  MStaffRefusePartnerTransfer,
  QStaffPartnerTransfers,
  TRANSFER_STATUS_LABELS,
  type StaffPartnerTransferFieldsFragment,
  type StaffPartnerTransferStatus,
} from '@/lib/painel/rewards';
import { FieldFrame } from '../ui/field-frame';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { DoneNotice, useDoneNotice } from './done-notice';
import { PainelFilters } from './painel-filters';
import { PainelList } from './painel-list';
import { RewardDeskTabs } from './reward-desk-tabs';
import { usePainelList } from './use-painel-list';
import { usePainelMutation } from './use-painel-mutation';

type Transfer = StaffPartnerTransferFieldsFragment;
const PAGE = 20;
const FILTERS: readonly { value: StaffPartnerTransferStatus; label: string }[] = [
  { value: 'REQUESTED', label: 'Aguardando o parceiro' },
  { value: 'COMPLETED', label: 'Concluídas' },
  { value: 'REFUSED', label: 'Recusadas' },
];
const EMPTY = { status: 'REQUESTED' };

/**
 * /painel/premios/transferencias (premios): transfers to the points partner, those waiting for its answer first;
 * the operator confirms (the partner credited) or refuses with a reason (the points come back to the member).
 */
export function PartnerTransfersScreen() {
  const [settling, setSettling] = useState<{ transfer: Transfer; answer: Answer } | null>(null);
  const list = usePainelList(QStaffPartnerTransfers, 'staffPartnerTransfers', EMPTY, ({ status }) => ({
    status: status as StaffPartnerTransferStatus,
    first: PAGE,
  }));
  const page = list.page;
  const applied = list.applied.status;
  const { done, setDone, status } = useDoneNotice();

  /** A settled transfer leaves the waiting list (and shows as it is now in the others). */
  const settled = (transfer: Transfer, message: string) => {
    list.query.update((data) => ({
      staffPartnerTransfers: {
        ...data.staffPartnerTransfers,
        rows: data.staffPartnerTransfers.rows
          .map((row) => (row.id === transfer.id ? transfer : row))
          .filter((row) => applied !== 'REQUESTED' || row.status === 'REQUESTED'),
      },
    }));
    setSettling(null);
    setDone(message);
  };
  const open = (transfer: Transfer, answer: Answer) => {
    setDone(null);
    setSettling({ transfer, answer });
  };
  const waiting = applied === 'REQUESTED';
  const failure = list.query.error ?? list.paging.error;

  return (
    <div className="painel-page premios-desk">
      <h1>Transferências ao parceiro</h1>
      <RewardDeskTabs />
      <p className="muted">
        Transferências de pontos ao programa parceiro que esperam a resposta dele, da mais antiga para a mais nova.
        Confirme quando o parceiro creditou; recuse com o motivo que ele deu: os pontos voltam ao membro.
      </p>
      <PainelFilters
        label="Filtro das transferências"
        className="premios-filters"
        onSubmit={(event) => {
          setSettling(null);
          setDone(null);
          list.apply(event);
        }}
      >
        <SelectField label="Situação" {...list.field('status')}>
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
      </PainelFilters>
      <DoneNotice done={done} status={status} />
      <PainelList
        list={list}
        rows={page?.rows}
        problem={failure ? errorMessage(failure as never) : null}
        words={{
          loading: 'Carregando as transferências…',
          empty: waiting ? 'Nenhuma transferência esperando o parceiro.' : 'Nenhuma transferência nesta situação.',
          caption: 'Transferências ao parceiro, da mais antiga para a mais nova',
          more: 'Mais transferências',
        }}
        columns={[
          'Transferência',
          'Membro',
          'Conta no parceiro',
          'Pontos',
          'Pedida',
          waiting ? 'Resposta do parceiro' : 'Situação',
        ]}
      >
        {(row) => (
          <tr key={row.id}>
            <th scope="row">
              Transferência nº {row.id}
              <span className="painel-table__sub">{TRANSFER_STATUS_LABELS[row.status]}</span>
            </th>
            <td>
              {row.memberName}
              <span className="painel-table__sub">CPF {row.memberCpfMasked}</span>
            </td>
            <td>
              {row.accountId}
              <span className="painel-table__sub">{row.program}</span>
            </td>
            <td>
              {formatPoints(row.points)} → {formatPoints(row.partnerPoints)}
            </td>
            <td>
              <time dateTime={row.createdAt} title={formatDateTime(row.createdAt)}>
                {formatTimeAgo(row.createdAt)}
              </time>
            </td>
            <td>
              {row.status === 'REQUESTED' ? (
                <div className="premios-transfer-actions">
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => open(row, 'confirm')}
                    aria-label={`Confirmar a transferência nº ${row.id}`}
                  >
                    Confirmar…
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => open(row, 'refuse')}
                    aria-label={`Recusar a transferência nº ${row.id}`}
                  >
                    Recusar…
                  </button>
                </div>
              ) : (
                <>
                  {row.settledAt ? formatDateTime(row.settledAt) : '—'}
                  {row.partnerReference && (
                    <span className="painel-table__sub">Referência no parceiro: {row.partnerReference}</span>
                  )}
                  {row.refuseReason && <span className="painel-table__sub">Motivo: {row.refuseReason}</span>}
                  {row.lateAnswer && (
                    <span className="painel-table__sub">Resposta tardia do parceiro: {row.lateAnswer}</span>
                  )}
                </>
              )}
            </td>
          </tr>
        )}
      </PainelList>
      {settling && (
        <SettleForm
          key={`${settling.answer}-${settling.transfer.id}`}
          transfer={settling.transfer}
          answer={settling.answer}
          onSettled={(t) =>
            settled(
              t,
              t.status === 'COMPLETED'
                ? `Transferência nº ${t.id} concluída (referência ${t.partnerReference}).`
                : `Transferência nº ${t.id} recusada; ${formatPoints(t.points)} pontos devolvidos ao membro.`,
            )
          }
          onClose={() => setSettling(null)}
        />
      )}
    </div>
  );
}

type Answer = 'confirm' | 'refuse';

/** What each answer asks: the partner's reference of the credit, or the reason of its refusal (the member reads it). */
const ANSWER_WORDS = {
  confirm: {
    title: 'Confirmar a transferência',
    intro: (t: Transfer) => `${t.memberName} · ${formatPoints(t.partnerPoints)} pontos creditados em ${t.program}.`,
    field: 'reference',
    label: 'Referência no parceiro',
    hint: 'O código que o parceiro deu ao crédito, de 3 a 60 caracteres: fica com a transferência.',
    maxLength: 60,
    submit: 'Confirmar a transferência',
    submitting: 'Confirmando…',
  },
  refuse: {
    title: 'Recusar a transferência',
    intro: (t: Transfer) => `${t.memberName} · ${formatPoints(t.points)} pontos voltam ao saldo do membro.`,
    field: 'reason',
    label: 'Motivo da recusa',
    hint: 'De 5 a 300 caracteres. O membro lê este motivo.',
    maxLength: 300,
    submit: 'Recusar e devolver os pontos',
    submitting: 'Recusando…',
  },
} as const;

/** The operator's answer for the partner, with the one thing each answer must say. */
function SettleForm({
  transfer,
  answer,
  onSettled,
  onClose,
}: {
  transfer: Transfer;
  answer: Answer;
  onSettled: (transfer: Transfer) => void;
  onClose: () => void;
}) {
  const words = ANSWER_WORDS[answer];
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<Error | null>(null);
  const [confirm, confirming] = usePainelMutation(MStaffConfirmPartnerTransfer);
  const [refuse, refusing] = usePainelMutation(MStaffRefusePartnerTransfer);
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const fields = fieldErrors(problem as never);
  const sending = confirming.loading || refusing.loading;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      onSettled(
        answer === 'confirm'
          ? (await confirm({ id: transfer.id, reference: value })).staffConfirmPartnerTransfer
          : (await refuse({ id: transfer.id, reason: value })).staffRefusePartnerTransfer,
      );
    } catch (failure) {
      setProblem(failure as Error);
    }
  };
  const headingId = `${answer}-${transfer.id}`;
  return (
    <form
      className="premios-stock__form premios-refuse"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>
        {words.title} nº {transfer.id}
      </h2>
      <p>{words.intro(transfer)}</p>
      <FieldFrame label={words.label} hint={words.hint} error={fields[words.field]}>
        {(control) =>
          answer === 'refuse' ? (
            <textarea
              ref={field}
              className="field__input"
              rows={3}
              maxLength={words.maxLength}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              {...control}
            />
          ) : (
            <input
              ref={field}
              className="field__input"
              maxLength={words.maxLength}
              autoComplete="off"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              {...control}
            />
          )
        }
      </FieldFrame>
      <FormAlert message={problem && !fields[words.field] ? errorMessage(problem as never) : null} />
      <div className="premios-transfer-actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? words.submitting : words.submit}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Voltar
        </button>
      </div>
    </form>
  );
}
