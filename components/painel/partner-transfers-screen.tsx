'use client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDateTime } from '@/lib/format/dates';
import { formatPoints } from '@/lib/format/numbers';
import { formatTimeAgo } from '@/lib/format/time-ago';
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
  const [refusing, setRefusing] = useState<Transfer | null>(null);
  const [problem, setProblem] = useState<Error | null>(null);
  const list = usePainelList(QStaffPartnerTransfers, 'staffPartnerTransfers', EMPTY, ({ status }) => ({
    status: status as StaffPartnerTransferStatus,
    first: PAGE,
  }));
  const page = list.page;
  const applied = list.applied.status;
  const [confirm, confirming] = usePainelMutation(MStaffConfirmPartnerTransfer);
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
    setRefusing(null);
    setDone(message);
  };
  const doConfirm = async (transfer: Transfer) => {
    setProblem(null);
    setDone(null);
    try {
      const confirmed = (await confirm({ id: transfer.id })).staffConfirmPartnerTransfer;
      settled(confirmed, `Transferência nº ${confirmed.id} concluída.`);
    } catch (failure) {
      setProblem(failure as Error);
    }
  };
  const waiting = applied === 'REQUESTED';
  const failure = list.query.error ?? problem ?? list.paging.error;

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
          setRefusing(null);
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
                    disabled={confirming.loading}
                    onClick={() => void doConfirm(row)}
                    aria-label={`Confirmar a transferência nº ${row.id}`}
                  >
                    Confirmar
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      setDone(null);
                      setRefusing(row);
                    }}
                    aria-label={`Recusar a transferência nº ${row.id}`}
                  >
                    Recusar…
                  </button>
                </div>
              ) : (
                <>
                  {row.settledAt ? formatDateTime(row.settledAt) : '—'}
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
      {refusing && (
        <RefuseForm
          key={refusing.id}
          transfer={refusing}
          onRefused={(t) =>
            settled(t, `Transferência nº ${t.id} recusada; ${formatPoints(t.points)} pontos devolvidos ao membro.`)
          }
          onClose={() => setRefusing(null)}
        />
      )}
    </div>
  );
}

function RefuseForm({
  transfer,
  onRefused,
  onClose,
}: {
  transfer: Transfer;
  onRefused: (transfer: Transfer) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<Error | null>(null);
  const [refuse, refusing] = usePainelMutation(MStaffRefusePartnerTransfer);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const fields = fieldErrors(problem as never);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      onRefused((await refuse({ id: transfer.id, reason })).staffRefusePartnerTransfer);
    } catch (failure) {
      setProblem(failure as Error);
    }
  };
  return (
    <form
      className="premios-stock__form premios-refuse"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="recusar"
    >
      <h2 id="recusar">Recusar a transferência nº {transfer.id}</h2>
      <p>
        {transfer.memberName} · {formatPoints(transfer.points)} pontos voltam ao saldo do membro.
      </p>
      <FieldFrame label="Motivo da recusa" hint="De 5 a 300 caracteres. O membro lê este motivo." error={fields.reason}>
        {(control) => (
          <textarea
            ref={field}
            className="field__input"
            rows={3}
            maxLength={300}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            {...control}
          />
        )}
      </FieldFrame>
      <FormAlert message={problem && !fields.reason ? errorMessage(problem as never) : null} />
      <div className="premios-transfer-actions">
        <button type="submit" className="button button--primary" disabled={refusing.loading}>
          {refusing.loading ? 'Recusando…' : 'Recusar e devolver os pontos'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Voltar
        </button>
      </div>
    </form>
  );
}
