'use client';
import Link from 'next/link';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDateTime } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import {
  CARRIERS,
  MStaffCancelRewardOrder,
  MStaffDeliverRewardOrder,
  MStaffReleaseRewardOrder,
  MStaffSeparateRewardOrder,
  MStaffShipRewardOrder,
  MStaffCorrectRewardTracking,
  ORDER_ACTION_LABELS,
  orderHref,
  orderStatusLabel,
  QStaffRewardOrder,
  rewardTypeLabel,
  type StaffRewardOrderFieldsFragment,
} from '@/lib/painel/rewards';
import { painelRoutes } from '@/common/painel/routes';
import { FieldFrame } from '../ui/field-frame';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { DoneNotice, useDoneNotice } from './done-notice';
import { ItemRoute } from './item-route';
import { NextOrderButton, PackingSlip } from './reward-order-extras';
import { usePainelMutation } from './use-painel-mutation';
import { usePainelQuery } from './use-painel-query';

type Order = StaffRewardOrderFieldsFragment;

/** /painel/premios/pedido?id=… (premios): one order, where it goes, its timeline and what may be done now. */
export function RewardOrderScreen() {
  return (
    <ItemRoute
      param="id"
      title="Resgate"
      loadingLabel="Carregando o resgate…"
      choose={
        <>
          Escolha um resgate na <Link href={painelRoutes.painelRewards()}>fila de resgates</Link>.
        </>
      }
      href={orderHref}
    >
      {(id, go) => <OrderLoader key={id} id={id} go={go} />}
    </ItemRoute>
  );
}

function OrderLoader({ id, go }: { id: string; go: (next: string) => void }) {
  const query = usePainelQuery(QStaffRewardOrder, { variables: { id } });
  const [order, setOrder] = useState<Order | null>(null);
  useEffect(() => {
    if (query.data) setOrder(query.data.staffRewardOrder);
  }, [query.data]);
  if (!order) {
    return (
      <div className="painel-page">
        <h1>Resgate nº {id}</h1>
        {query.error ? (
          <FormAlert message={errorMessage(query.error as never)} />
        ) : (
          <Spinner label="Carregando o resgate…" />
        )}
      </div>
    );
  }
  return <OrderPage order={order} onChange={setOrder} go={go} />;
}

function OrderPage({
  order,
  onChange,
  go,
}: {
  order: Order;
  onChange: (order: Order) => void;
  go: (next: string) => void;
}) {
  const { done, setDone, status } = useDoneNotice();
  const moved = (updated: Order, message: string) => {
    onChange(updated);
    setDone(message);
  };
  const address = order.address;

  return (
    <div className="painel-page premios-desk premios-order">
      <p className="premios-order__back">
        <Link href={painelRoutes.painelRewards()}>← Fila de resgates</Link>
      </p>
      <h1>Resgate nº {order.id}</h1>
      <p className="muted">
        <span className={`premios-status premios-status--${order.status.toLowerCase()}`}>
          {orderStatusLabel(order.status)}
        </span>{' '}
        · pedido em {formatDateTime(order.createdAt)}
      </p>
      <div className="premios-order__grid">
        <div>
          <section aria-labelledby="o-que">
            <h2 id="o-que">O quê</h2>
            <dl className="premios-order__facts">
              <dt>Prêmio</dt>
              <dd>{order.rewardName}</dd>
              <dt>Tipo</dt>
              <dd>{rewardTypeLabel(order.rewardType)}</dd>
              <dt>Pontos</dt>
              <dd>
                {formatPoints(order.points)} pontos
                {order.refundedPoints > 0 ? ` (devolvidos ao membro)` : ''}
              </dd>
              {order.codeIssued && (
                <>
                  <dt>Código</dt>
                  <dd>Emitido ao membro (só ele o vê, em Meus resgates)</dd>
                </>
              )}
              {order.trackingCode && (
                <>
                  <dt>Envio</dt>
                  <dd>
                    {order.carrier} · código de rastreio{' '}
                    <span className="premios-order__code">{order.trackingCode}</span>
                  </dd>
                </>
              )}
              {order.cancelReason && (
                <>
                  <dt>Motivo do cancelamento</dt>
                  <dd>{order.cancelReason}</dd>
                </>
              )}
            </dl>
          </section>
          <section aria-labelledby="quem">
            <h2 id="quem">Quem</h2>
            <dl className="premios-order__facts">
              <dt>Membro</dt>
              <dd>{order.member.name}</dd>
              <dt>CPF</dt>
              <dd>{order.member.cpfMasked}</dd>
            </dl>
          </section>
          <section aria-labelledby="entrega">
            <h2 id="entrega">Endereço de entrega</h2>
            {address ? (
              <address className="premios-order__address">
                {address.address}, {address.number}
                {address.complement ? ` – ${address.complement}` : ''}
                <br />
                {address.district ? `${address.district} · ` : ''}
                {address.city}/{address.uf}
                <br />
                CEP {address.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}
              </address>
            ) : (
              <p>Sem endereço: este prêmio não é enviado pelo correio.</p>
            )}
          </section>
          <Timeline order={order} />
        </div>
        <aside className="premios-order__side" aria-labelledby="acoes">
          <h2 id="acoes">Ações</h2>
          <DoneNotice done={done} status={status} />
          {done && <NextOrderButton currentId={order.id} go={go} />}
          {order.allowed.length === 0 && !done && <p>Nada mais a fazer: este resgate está encerrado.</p>}
          <Actions order={order} moved={moved} />
          <PackingSlip order={order} />
        </aside>
      </div>
    </div>
  );
}

function Timeline({ order }: { order: Order }) {
  return (
    <section aria-labelledby="linha-do-tempo">
      <h2 id="linha-do-tempo">Linha do tempo</h2>
      <ol className="premios-order__timeline">
        {order.events.map((event, index) => (
          <li key={index}>
            <strong>{orderStatusLabel(event.status)}</strong> · {formatDateTime(event.at)}
            {event.note ? <span className="premios-order__note"> · {event.note}</span> : null}
          </li>
        ))}
      </ol>
      {order.actions.length > 0 && (
        <>
          <h3>Quem fez</h3>
          <ul className="premios-order__actions">
            {order.actions.map((action, index) => (
              <li key={index}>
                {formatDateTime(action.at)} · {ORDER_ACTION_LABELS[action.action] ?? action.action} · {action.actor}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The moves the order's status allows, as the API lists them. */
function Actions({ order, moved }: { order: Order; moved: (order: Order, message: string) => void }) {
  const [problem, setProblem] = useState<Error | null>(null);
  // A shipped order's form corrects its code: it starts from the code and carrier it was shipped with.
  const [tracking, setTracking] = useState(order.trackingCode ?? '');
  const [carrier, setCarrier] = useState(order.carrier ?? 'Correios');
  const [reason, setReason] = useState('');
  const [separate, separating] = usePainelMutation(MStaffSeparateRewardOrder);
  const [ship, shipping] = usePainelMutation(MStaffShipRewardOrder);
  const [correct, correcting] = usePainelMutation(MStaffCorrectRewardTracking);
  const [deliver, delivering] = usePainelMutation(MStaffDeliverRewardOrder);
  const [cancel, cancelling] = usePainelMutation(MStaffCancelRewardOrder);
  const [release, releasing] = usePainelMutation(MStaffReleaseRewardOrder);
  const busy =
    separating.loading ||
    shipping.loading ||
    correcting.loading ||
    delivering.loading ||
    cancelling.loading ||
    releasing.loading;
  const can = (move: string) => order.allowed.includes(move);
  const fields = fieldErrors(problem as never);

  const act = async (work: () => Promise<Order>, message: (order: Order) => string) => {
    setProblem(null);
    try {
      const updated = await work();
      moved(updated, message(updated));
    } catch (failure) {
      setProblem(failure as Error);
    }
  };
  const onShip = (event: FormEvent) => {
    event.preventDefault();
    void act(
      async () => (await ship({ id: order.id, trackingCode: tracking, carrier })).staffShipRewardOrder,
      (o) => `Resgate nº ${o.id} enviado: ${o.carrier} · ${o.trackingCode}. O membro foi avisado.`,
    );
  };
  const onCorrect = (event: FormEvent) => {
    event.preventDefault();
    void act(
      async () => (await correct({ id: order.id, trackingCode: tracking, carrier })).staffCorrectRewardTracking,
      (o) => `Rastreio do resgate nº ${o.id} corrigido: ${o.carrier} · ${o.trackingCode}. O membro foi avisado.`,
    );
  };
  const shipmentFields = (
    <>
      <TextField
        label="Código de rastreio"
        hint="De 4 a 40 letras, números ou hífens, como QB123456789BR."
        value={tracking}
        onChange={(event) => setTracking(event.target.value)}
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        label="Transportadora"
        hint="Correios quando vazio."
        list="transportadoras"
        value={carrier}
        onChange={(event) => setCarrier(event.target.value)}
        maxLength={60}
      />
      <datalist id="transportadoras">
        {CARRIERS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
  const onCancel = (event: FormEvent) => {
    event.preventDefault();
    void act(
      async () => (await cancel({ id: order.id, reason })).staffCancelRewardOrder,
      (o) => `Resgate nº ${o.id} cancelado; ${formatPoints(o.points)} pontos devolvidos ao membro.`,
    );
  };

  return (
    <>
      <FormAlert message={problem ? errorMessage(problem as never) : null} />
      {can('RELEASE') && (
        <MoveButton
          label="Liberar resgate"
          busyLabel="Liberando…"
          loading={releasing.loading}
          disabled={busy}
          onClick={() =>
            void act(
              async () => (await release({ id: order.id })).staffReleaseRewardOrder,
              (o) => `Resgate nº ${o.id} liberado: ${orderStatusLabel(o.status).toLowerCase()}.`,
            )
          }
        >
          <p>
            Retido em análise: <strong>{order.reviewReason}</strong>. Libere se o resgate é de confiança (um vale ou
            curso recebe o código na hora), ou cancele devolvendo os pontos.
          </p>
        </MoveButton>
      )}
      {can('SEPARATE') && (
        <MoveButton
          label="Separar"
          busyLabel="Separando…"
          loading={separating.loading}
          disabled={busy}
          onClick={() =>
            void act(
              async () => (await separate({ id: order.id })).staffSeparateRewardOrder,
              (o) => `Resgate nº ${o.id} em separação. O membro foi avisado.`,
            )
          }
        />
      )}
      {can('SHIP') && (
        <form className="premios-order__action" onSubmit={onShip} aria-label="Enviar">
          <h3>Enviar</h3>
          {shipmentFields}
          <button type="submit" className="button button--primary" disabled={busy}>
            {shipping.loading ? 'Enviando…' : 'Marcar como enviado'}
          </button>
        </form>
      )}
      {can('DELIVER') && (
        <MoveButton
          label="Marcar como entregue"
          busyLabel="Salvando…"
          loading={delivering.loading}
          disabled={busy}
          onClick={() =>
            void act(
              async () => (await deliver({ id: order.id })).staffDeliverRewardOrder,
              (o) => `Resgate nº ${o.id} entregue. O membro foi avisado.`,
            )
          }
        />
      )}
      {can('TRACKING') && (
        <form className="premios-order__action" onSubmit={onCorrect} aria-label="Corrigir o rastreio">
          <h3>Corrigir o rastreio</h3>
          <p className="muted">
            Para um código digitado errado ou trocado pela transportadora: o membro é avisado do novo código, e a linha
            do tempo guarda os dois.
          </p>
          {shipmentFields}
          <button type="submit" className="button button--secondary" disabled={busy}>
            {correcting.loading ? 'Salvando…' : 'Salvar o novo código'}
          </button>
        </form>
      )}
      {can('CANCEL') && (
        <form className="premios-order__action premios-order__cancel" onSubmit={onCancel} aria-label="Cancelar">
          <h3>Cancelar</h3>
          <FieldFrame
            label="Motivo do cancelamento"
            hint="De 5 a 300 caracteres. O membro lê este motivo."
            error={fields.reason}
          >
            {(control) => (
              <textarea
                className="field__input"
                rows={3}
                maxLength={300}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                {...control}
              />
            )}
          </FieldFrame>
          <button type="submit" className="button button--secondary premios-order__danger" disabled={busy}>
            {cancelling.loading ? 'Cancelando…' : `Cancelar e devolver ${formatPoints(order.points)} pontos`}
          </button>
        </form>
      )}
    </>
  );
}

/** One move of an order that asks for nothing more than a click (with what to know first, if anything). */
function MoveButton(props: {
  label: string;
  busyLabel: string;
  loading: boolean;
  disabled: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="premios-order__action">
      {props.children}
      <button type="button" className="button button--primary" disabled={props.disabled} onClick={props.onClick}>
        {props.loading ? props.busyLabel : props.label}
      </button>
    </div>
  );
}
