'use client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useRef, useState, type FormEvent } from 'react';
import type {
  PartnerProgramFieldsFragment,
  PartnerTransferFieldsFragment,
  PartnerTransferStatus,
  QPartnerTransferSimulationQuery,
} from '@/lib/graphql/generated/graphql';
import { appendPage } from '@/lib/apollo/append-page';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDate } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { newAttemptKey } from '@/lib/network/attempt-key';
import { conversionLabel, nextTransferWhen, storeProgram, TRANSFER_STATUS_LABELS } from '@/lib/partner/labels';
import {
  MLinkPointsPartner,
  MTransferToPointsPartner,
  QPartnerTransferSimulation,
  QPartnerTransfers,
  QPointsPartner,
} from '@/lib/partner/operations';
import { evictAfterPointsMoved, pointsMoved } from '@/lib/points/points-moved';
import { routes } from '@/common/routes';
import { ErrorState } from '../ui/content-states';
import { ListStatus, OlderItemsButton } from '../ui/list-states';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { useFocusWhenShown } from '../ui/use-focus-when-shown';
import { useLoadMore } from '../ui/use-load-more';

export const TRANSFERS_PAGE_SIZE = 10;

type Program = PartnerProgramFieldsFragment;
type Transfer = PartnerTransferFieldsFragment;
type Simulation = QPartnerTransferSimulationQuery['partnerTransferSimulation'];

const BADGE: Record<PartnerTransferStatus, string> = {
  REQUESTED: 'received',
  COMPLETED: 'approved',
  REFUSED: 'rejected',
};

/** Besides the balance and what is built from it, a transfer adds a line to the member's transfers. */
const STALE_AFTER_TRANSFER = ['myPartnerTransfers'];

function LinkForm({ program }: { program: Program }) {
  const client = useApolloClient();
  const [accountId, setAccountId] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; field: string | undefined } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (accountId.trim() === '') {
      setFailure({ message: '', field: 'Informe o número da sua conta no programa parceiro.' });
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const result = await client.mutate({
        mutation: MLinkPointsPartner,
        variables: { accountId: accountId.trim() },
        update: (cache, { data }) => {
          if (data) storeProgram(cache, data.linkPointsPartner);
        },
      });
      if (!result.data) setSending(false);
    } catch (caught) {
      const error = caught as Error;
      const field = fieldErrors(error).accountId;
      setFailure({ message: field ? '' : errorMessage(error), field });
      setSending(false);
    }
  };

  return (
    <section className="partner-link" aria-labelledby="link-title">
      <h2 id="link-title">Vincule sua conta no {program.name}</h2>
      <p>
        Informe o número da sua conta no {program.name}. A conta precisa estar no seu CPF: o {program.name} confirma
        isso antes de vincular.
      </p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        {failure?.message && (
          <p className="alert alert--error" role="alert">
            {failure.message}
          </p>
        )}
        <TextField
          label={`Número da conta no ${program.name}`}
          name="accountId"
          autoComplete="off"
          spellCheck={false}
          maxLength={30}
          value={accountId}
          onChange={(event) => setAccountId(event.target.value)}
          error={failure?.field}
        />
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Vinculando…' : 'Vincular conta'}
        </button>
      </form>
    </section>
  );
}

/**
 * Once the day's transfers are made: when the next one can be, and a way on, in place of a form that could only
 * refuse. `madeToday` opens it as a notice, for a member who comes to the page with the day's transfers made.
 */
function NextTransfer({ program, madeToday }: { program: Program; madeToday?: string }) {
  const when = `Você poderá fazer outra transferência ${nextTransferWhen(program.nextTransferAt)}.`;
  return (
    <>
      {madeToday ? <p className="alert alert--info">{`${madeToday} ${when}`}</p> : <p>{when}</p>}
      <p>
        <Link className="button button--secondary" href={routes.rewards()}>
          Voltar para Prêmios
        </Link>
      </p>
    </>
  );
}

function TransferDone({
  transfer,
  program,
  refreshing,
  onAgain,
}: {
  transfer: Transfer;
  program: Program;
  refreshing: boolean;
  onAgain: () => void;
}) {
  // The answer replaces the confirmation: focus brings it into view and to the reader.
  const heading = useFocusWhenShown<HTMLHeadingElement>(true);
  const refused = transfer.status === 'REFUSED';
  return (
    <div className="reward-done" role="status">
      <h2 ref={heading} tabIndex={-1}>
        {refused ? 'Transferência recusada' : `Transferência ${TRANSFER_STATUS_LABELS[transfer.status].toLowerCase()}`}
      </h2>
      <p>
        Transferência nº <strong>{transfer.id}</strong>: {formatPoints(transfer.points)} pontos do clube para{' '}
        {formatPoints(transfer.partnerPoints)} pontos {transfer.program}.
      </p>
      <p>
        {refused
          ? `${transfer.refuseReason ?? 'O programa parceiro recusou.'} Os pontos voltaram para o seu saldo.`
          : transfer.status === 'COMPLETED'
            ? `Os pontos já estão na sua conta ${transfer.accountId}.`
            : `Assim que o ${transfer.program} confirmar, ela aparece como Concluída aqui embaixo.`}
      </p>
      {/* The transfer made the program stale (a refused one does not count toward the day's limit, any other may
          reach it): what comes next waits for the program read again, so a form that could only refuse is never
          offered. */}
      {refreshing ? null : program.canTransferToday ? (
        <p>
          <button type="button" className="button button--secondary" onClick={onAgain}>
            Fazer outra simulação
          </button>
        </p>
      ) : (
        <NextTransfer program={program} />
      )}
    </div>
  );
}

function ConfirmTransfer({
  simulation,
  program,
  onBack,
  onDone,
}: {
  simulation: Simulation;
  program: Program;
  onBack: () => void;
  onDone: (transfer: Transfer) => void;
}) {
  const client = useApolloClient();
  const heading = useFocusWhenShown<HTMLHeadingElement>(true);
  // One key per confirmation: a retry after a lost answer gets the same transfer, never a second one.
  const attemptKey = useRef(newAttemptKey());
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (sending) return;
    setSending(true);
    setFailure(null);
    try {
      const result = await client.mutate({
        mutation: MTransferToPointsPartner,
        variables: { input: { points: simulation.points, idempotencyKey: attemptKey.current } },
        update: (cache) => evictAfterPointsMoved(cache, STALE_AFTER_TRANSFER),
      });
      if (result.data) {
        void pointsMoved(client);
        onDone(result.data.transferToPointsPartner);
      }
    } catch (caught) {
      setFailure(errorMessage(caught as Error));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="reward-confirm" aria-labelledby="simulation-title">
      <h2 id="simulation-title" ref={heading} tabIndex={-1}>
        Simulação
      </h2>
      <dl className="key-info">
        <div>
          <dt>Saem do clube</dt>
          <dd>{formatPoints(simulation.points)} pontos</dd>
        </div>
        <div>
          <dt>Entram no {program.name}</dt>
          <dd>{formatPoints(simulation.partnerPoints)} pontos</dd>
        </div>
        <div>
          <dt>Conversão</dt>
          <dd>{conversionLabel(simulation, program.name)}</dd>
        </div>
        <div>
          <dt>Mínimo e múltiplo</dt>
          <dd>
            {formatPoints(simulation.minimum)} pontos, em múltiplos de {formatPoints(simulation.multiple)}
          </dd>
        </div>
        <div>
          <dt>Saldo depois</dt>
          <dd>{formatPoints(simulation.balanceAfter)} pontos</dd>
        </div>
        <div>
          <dt>Conta de destino</dt>
          <dd>{program.linkedAccount}</dd>
        </div>
      </dl>
      {failure && (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      )}
      <div className="reward-confirm__actions">
        <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={sending}>
          {sending ? 'Transferindo…' : `Confirmar transferência de ${formatPoints(simulation.points)} pontos`}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={sending}>
          Alterar
        </button>
      </div>
    </section>
  );
}

function SimulateForm({ program, onSimulated }: { program: Program; onSimulated: (s: Simulation) => void }) {
  const client = useApolloClient();
  const [points, setPoints] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // "1.500" or "1500": the thousands dot is how a Brazilian writes it; anything else is the API's to judge.
    const typed = points.trim().replace(/\./g, '');
    if (!/^-?\d{1,9}$/.test(typed)) {
      setFailure('Informe quantos pontos quer transferir, só com números.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await client.query({
        query: QPartnerTransferSimulation,
        variables: { points: Number(typed) },
        fetchPolicy: 'no-cache',
      });
      if (data) onSimulated(data.partnerTransferSimulation);
    } catch (caught) {
      setFailure(errorMessage(caught as Error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="simulate-title">
      <h2 id="simulate-title">Simular transferência</h2>
      <TextField
        label="Pontos do clube a transferir"
        name="points"
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        placeholder={formatPoints(program.minimum)}
        hint={`Mínimo de ${formatPoints(program.minimum)}, em múltiplos de ${formatPoints(program.multiple)}. Você pode transferir até ${formatPoints(program.maxTransferable)} agora.`}
        value={points}
        onChange={(event) => setPoints(event.target.value)}
        error={failure ?? undefined}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Simulando…' : 'Simular'}
      </button>
    </form>
  );
}

/** `refreshing`: the program is being read again (after a transfer, which evicted it). */
function TransferArea({ program, refreshing }: { program: Program; refreshing: boolean }) {
  const [simulation, setSimulation] = useState<Simulation | null>(null);
  const [done, setDone] = useState<Transfer | null>(null);

  if (done) {
    return (
      <TransferDone
        transfer={done}
        program={program}
        refreshing={refreshing}
        onAgain={() => {
          setDone(null);
          setSimulation(null);
        }}
      />
    );
  }
  if (simulation) {
    return (
      <ConfirmTransfer simulation={simulation} program={program} onBack={() => setSimulation(null)} onDone={setDone} />
    );
  }
  if (!program.canTransferToday) {
    return (
      <NextTransfer
        program={program}
        madeToday={
          program.transfersPerDay === 1
            ? 'Você já fez a transferência de hoje.'
            : `Você já fez as ${program.transfersPerDay} transferências de hoje.`
        }
      />
    );
  }
  if (program.maxTransferable === 0) {
    return (
      <p className="alert alert--info">
        Você precisa de pelo menos {formatPoints(program.minimum)} pontos para transferir. Seu saldo é de{' '}
        {formatPoints(program.balance)} pontos.
      </p>
    );
  }
  return <SimulateForm program={program} onSimulated={setSimulation} />;
}

function TransferCard({ transfer }: { transfer: Transfer }) {
  return (
    <article className="reward-order" aria-labelledby={`transfer-${transfer.id}`}>
      <header className="reward-order__header">
        <h3 id={`transfer-${transfer.id}`}>Transferência nº {transfer.id}</h3>
        <span className={`status-badge status-badge--${BADGE[transfer.status]}`}>
          <span className="visually-hidden">Situação: </span>
          {TRANSFER_STATUS_LABELS[transfer.status]}
        </span>
      </header>
      <p className="muted">
        {formatPoints(transfer.points)} pontos do clube → {formatPoints(transfer.partnerPoints)} pontos{' '}
        {transfer.program} · conta {transfer.accountId} · solicitada em{' '}
        <time dateTime={transfer.createdAt}>{formatDate(transfer.createdAt)}</time>
      </p>
      {transfer.status === 'REFUSED' && (
        <p>
          {transfer.refuseReason && <>Motivo: {transfer.refuseReason} · </>}
          {formatPoints(transfer.refundedPoints)} pontos devolvidos ao seu saldo
        </p>
      )}
    </article>
  );
}

function TransferList() {
  const { data, loading, error, fetchMore } = useQuery(QPartnerTransfers, {
    variables: { first: TRANSFERS_PAGE_SIZE },
    // The partner's answer comes while the member is away: coming back shows it.
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  const page = data?.myPartnerTransfers;
  const cursor = page?.hasMore ? page.nextCursor : null;
  const { loadingMore, loadMoreError, loadMore } = useLoadMore(
    cursor
      ? () =>
          fetchMore({
            variables: { first: TRANSFERS_PAGE_SIZE, after: cursor },
            updateQuery: (shown, { fetchMoreResult }) => ({
              myPartnerTransfers: appendPage(shown.myPartnerTransfers, fetchMoreResult.myPartnerTransfers),
            }),
          })
      : null,
  );
  return (
    <section className="partner-transfers" aria-labelledby="transfers-title">
      <h2 id="transfers-title">Suas transferências</h2>
      <ListStatus
        error={error && !page ? errorMessage(error) : null}
        loading={loading && !page}
        empty={page?.data.length === 0}
        loadingLabel="Carregando suas transferências"
        emptyText="Você ainda não transferiu pontos."
      />
      {page && page.data.length > 0 && (
        <ul className="reward-orders" aria-label="Transferências, da mais nova à mais antiga">
          {page.data.map((transfer) => (
            <li key={transfer.id}>
              <TransferCard transfer={transfer} />
            </li>
          ))}
        </ul>
      )}
      {cursor && (
        <OlderItemsButton loading={loadingMore} error={loadMoreError} onClick={loadMore}>
          Carregar mais
        </OlderItemsButton>
      )}
    </section>
  );
}

/** /premios/transferir: link the partner account, simulate, confirm, and follow the transfers. */
export function PartnerTransferScreen() {
  const { data, error, loading, refetch } = useQuery(QPointsPartner, { fetchPolicy: 'cache-and-network' });
  const program = data?.pointsPartner;

  if (!program) {
    if (error) {
      return <ErrorState title="Transferir pontos" message={errorMessage(error)} onRetry={() => void refetch()} />;
    }
    return (
      <section className="card content-state" aria-labelledby="page-title">
        <h1 id="page-title">Transferir pontos</h1>
        <Spinner label="Carregando o programa parceiro" />
      </section>
    );
  }
  return (
    <section className="card projects-screen partner-screen" aria-labelledby="page-title">
      <p className="content-detail__back">
        <Link href={routes.rewards()}>← Prêmios</Link>
      </p>
      <h1 id="page-title">Transferir pontos para o {program.name}</h1>
      <ul className="muted partner-rules">
        <li>Conversão: {conversionLabel(program, program.name)}</li>
        <li>
          Mínimo de {formatPoints(program.minimum)} pontos, em múltiplos de {formatPoints(program.multiple)};{' '}
          {program.transfersPerDay === 1 ? 'uma transferência' : `${program.transfersPerDay} transferências`} por dia
        </li>
        <li>
          Se o {program.name} não confirmar em {program.answerWithinHours} horas, os pontos voltam para você
        </li>
        <li>Seu saldo: {formatPoints(program.balance)} pontos</li>
      </ul>
      {program.linkedAccount ? (
        <>
          <p>
            Conta vinculada: <strong>{program.linkedAccount}</strong> ·{' '}
            <Link href={`${routes.profile()}#parceiro`}>Desvincular no perfil</Link>
          </p>
          <TransferArea program={program} refreshing={loading} />
        </>
      ) : (
        <LinkForm program={program} />
      )}
      <TransferList />
    </section>
  );
}
