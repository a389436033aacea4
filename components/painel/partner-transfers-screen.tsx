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
import { Spinner } from '../ui/spinner';
import { RewardDeskTabs } from './reward-desk-tabs';
import { usePainelMutation } from './use-painel-mutation';
import { usePainelMore } from './use-painel-more';
import { usePainelQuery } from './use-painel-query';

type Transfer = StaffPartnerTransferFieldsFragment;
const PAGE = 20;
const FILTERS: readonly { value: StaffPartnerTransferStatus; label: string }[] = [
  { value: 'REQUESTED', label: 'Aguardando o parceiro' },
  { value: 'COMPLETED', label: 'Concluídas' },
  { value: 'REFUSED', label: 'Recusadas' },
];

/**
 * /painel/premios/transferencias (premios): transfers to the points partner, those waiting for its answer first;
 * the operator confirms (the partner credited) or refuses with a reason (the points come back to the member).
 */
export function PartnerTransfersScreen() {
  const [draft, setDraft] = useState<StaffPartnerTransferStatus>('REQUESTED');
  const [applied, setApplied] = useState<StaffPartnerTransferStatus>('REQUESTED');
  const [refusing, setRefusing] = useState<Transfer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<Error | null>(null);
  const variables = { status: applied, first: PAGE };
  const query = usePainelQuery(QStaffPartnerTransfers, { variables });
  const page = query.data?.staffPartnerTransfers;
  const paging = usePainelMore(QStaffPartnerTransfers, 'staffPartnerTransfers', variables, query);
  const [confirm, confirming] = usePainelMutation(MStaffConfirmPartnerTransfer);
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);

  /** A settled transfer leaves the waiting list (and shows as it is now in the others). */
  const settled = (transfer: Transfer, message: string) => {
    query.update((data) => ({
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
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setRefusing(null);
    setDone(null);
    setApplied(draft);
  };
  const waiting = applied === 'REQUESTED';

  return (
    <div className="painel-page premios-desk">
      <h1>Transferências ao parceiro</h1>
      <RewardDeskTabs />
      <p className="muted">
        Transferências de pontos ao programa parceiro que esperam a resposta dele, da mais antiga para a mais nova.
        Confirme quando o parceiro creditou; recuse com o motivo que ele deu: os pontos voltam ao membro.
      </p>
      <form className="painel-filters premios-filters" onSubmit={apply} aria-label="Filtro das transferências">
        <SelectField
          label="Situação"
          value={draft}
          onChange={(event) => setDraft(event.target.value as StaffPartnerTransferStatus)}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <div className="painel-filters__buttons">
          <button type="submit" className="button button--primary">
            Filtrar
          </button>
        </div>
      </form>
      {done && (
        <p ref={status} tabIndex={-1} className="alert alert--success" role="status">
          {done}
        </p>
      )}
      <FormAlert
        message={
          (query.error ?? problem ?? paging.error)
            ? errorMessage((query.error ?? problem ?? paging.error) as never)
            : null
        }
      />
      {!page && query.loading && <Spinner label="Carregando as transferências…" />}
      {page && page.rows.length === 0 && (
        <p>{waiting ? 'Nenhuma transferência esperando o parceiro.' : 'Nenhuma transferência nesta situação.'}</p>
      )}
      {page && page.rows.length > 0 && (
        <div className="painel-table-wrap">
          <table className="painel-table">
            <caption className="visually-hidden">Transferências ao parceiro, da mais antiga para a mais nova</caption>
            <thead>
              <tr>
                <th scope="col">Transferência</th>
                <th scope="col">Membro</th>
                <th scope="col">Conta no parceiro</th>
                <th scope="col">Pontos</th>
                <th scope="col">Pedida</th>
                <th scope="col">{waiting ? 'Resposta do parceiro' : 'Situação'}</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
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
              ))}
            </tbody>
          </table>
          {page.nextCursor && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void paging.more()}
              disabled={paging.loading}
            >
              {paging.loading ? 'Carregando…' : 'Mais transferências'}
            </button>
          )}
        </div>
      )}
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
