'use client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useRef, useState } from 'react';
import type {
  QRedeemContextQuery,
  RewardFieldsFragment,
  RewardOrderFieldsFragment,
} from '@/lib/graphql/generated/graphql';
import { errorMessage } from '@/lib/apollo/errors';
import { contentErrorKind } from '@/lib/content/errors';
import { formatDate } from '@/lib/format/dates';
import { formatPoints } from '@/lib/format/numbers';
import { newAttemptKey } from '@/lib/network/attempt-key';
import { CATEGORY_LABELS, NEXT_STEP, stockLabel, TYPE_LABELS } from '@/lib/rewards/labels';
import { MRedeemReward, QRedeemContext, QReward } from '@/lib/rewards/operations';
import { useRouteParams } from '@/lib/routing/use-route-params';
import { routes } from '@/lib/routes';
import { DetailSkeleton, ErrorState, Loading, NotFoundState } from '../ui/content-states';
import { Spinner } from '../ui/spinner';
import { useFocusWhenShown } from '../ui/use-focus-when-shown';
import { RewardPicture } from './reward-picture';

const BACK = { href: routes.rewards(), label: 'Prêmios' };

type Me = NonNullable<QRedeemContextQuery['me']>;

/** The profile's address in one line, or null when it is not complete enough to deliver to (the API's rule). */
export function profileAddressLine(me: Me | null | undefined): string | null {
  if (!me?.cep || !me.address || !me.number || !me.city || !me.state) return null;
  const street = [`${me.address}, ${me.number}`, me.complement].filter(Boolean).join(' – ');
  const cep = me.cep.replace(/\D/g, '').replace(/^(\d{5})(\d{3})$/, '$1-$2');
  return [street, me.district, `${me.city.name}/${me.state.uf}`, `CEP ${cep}`].filter(Boolean).join(', ');
}

function Done({ order }: { order: RewardOrderFieldsFragment }) {
  // On a phone the answer replaces the confirmation below the picture: focus brings it into view and to the reader.
  const heading = useFocusWhenShown<HTMLHeadingElement>(true);
  return (
    <div className="reward-done" role="status">
      <h2 ref={heading} tabIndex={-1}>
        Resgate solicitado
      </h2>
      <p>
        Pedido nº <strong>{order.id}</strong>: {order.reward.name}, {formatPoints(order.points)} pontos.
      </p>
      <p>{NEXT_STEP[order.reward.type]}</p>
      <p>
        <Link className="button button--primary" href={routes.rewardOrders()}>
          Ver meus resgates
        </Link>
      </p>
    </div>
  );
}

function Confirm({
  reward,
  onCancel,
  onDone,
}: {
  reward: RewardFieldsFragment;
  onCancel: () => void;
  onDone: (order: RewardOrderFieldsFragment) => void;
}) {
  const client = useApolloClient();
  const heading = useFocusWhenShown<HTMLHeadingElement>(true);
  const { data, error, refetch } = useQuery(QRedeemContext, { fetchPolicy: 'network-only' });
  // One key per confirmation: a retry after a lost answer gets the same order, never a second one.
  const attemptKey = useRef(newAttemptKey());
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  const title = (
    <h2 id="confirm-title" ref={heading} tabIndex={-1}>
      Confirme o resgate
    </h2>
  );
  if (error && !data) {
    return (
      <section className="reward-confirm" aria-labelledby="confirm-title">
        {title}
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Tentar de novo
        </button>
      </section>
    );
  }
  if (!data) {
    return (
      <section className="reward-confirm" aria-labelledby="confirm-title">
        {title}
        <Spinner label="Carregando seu saldo" />
      </section>
    );
  }

  const balance = data.pointsSummary.balance;
  const after = balance - reward.points;
  const address = reward.needsAddress ? profileAddressLine(data.me) : null;
  const missingAddress = reward.needsAddress && !address;

  const confirm = async () => {
    if (sending) return;
    setSending(true);
    setSendError(null);
    try {
      const result = await client.mutate({
        mutation: MRedeemReward,
        variables: { input: { slug: reward.slug, idempotencyKey: attemptKey.current } },
        // The balance, the stock and the orders all changed: every list asks the API again when shown.
        update: (cache) => {
          for (const fieldName of ['pointsSummary', 'pointsEntries', 'rewards', 'myRewardOrders']) {
            cache.evict({ id: 'ROOT_QUERY', fieldName });
          }
          cache.gc();
        },
      });
      if (result.data) onDone(result.data.redeemReward);
    } catch (caught) {
      setSendError(errorMessage(caught as Error));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="reward-confirm" aria-labelledby="confirm-title">
      {title}
      <dl className="key-info">
        <div>
          <dt>Prêmio</dt>
          <dd>{reward.name}</dd>
        </div>
        <div>
          <dt>Seu saldo</dt>
          <dd>{formatPoints(balance)} pontos</dd>
        </div>
        <div>
          <dt>Serão usados</dt>
          <dd>{formatPoints(reward.points)} pontos, os que vencem primeiro</dd>
        </div>
        <div>
          <dt>Saldo depois</dt>
          <dd>{formatPoints(Math.max(after, 0))} pontos</dd>
        </div>
        {reward.needsAddress && address && (
          <div>
            <dt>Entrega em</dt>
            <dd>{address}</dd>
          </div>
        )}
      </dl>
      {missingAddress && (
        <p className="alert alert--error">
          Seu perfil ainda não tem um endereço completo para a entrega.{' '}
          <Link href={routes.profile()}>Complete o endereço no perfil</Link> e volte para trocar.
        </p>
      )}
      {sendError && (
        <p className="alert alert--error" role="alert">
          {sendError}
        </p>
      )}
      <div className="reward-confirm__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void confirm()}
          disabled={sending || missingAddress || after < 0}
        >
          {sending ? 'Confirmando…' : `Confirmar troca por ${formatPoints(reward.points)} pontos`}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={sending}>
          Voltar
        </button>
      </div>
    </section>
  );
}

function RewardDetail({ reward }: { reward: RewardFieldsFragment }) {
  const [step, setStep] = useState<'detail' | 'confirm'>('detail');
  const [order, setOrder] = useState<RewardOrderFieldsFragment | null>(null);
  const soldOut = reward.stock <= 0;

  return (
    <article className="card content-detail reward-detail" aria-labelledby="page-title">
      <p className="content-detail__back">
        <Link href={BACK.href}>← {BACK.label}</Link>
      </p>
      <h1 id="page-title">{reward.name}</h1>
      <p className="project-detail__meta">
        <span>
          {CATEGORY_LABELS[reward.category]} · {TYPE_LABELS[reward.type]} · {stockLabel(reward.stock)}
        </span>
      </p>
      <RewardPicture category={reward.category} large />
      <p className="reward-detail__points">{formatPoints(reward.points)} pontos</p>

      {order ? (
        <Done order={order} />
      ) : step === 'confirm' ? (
        <Confirm reward={reward} onCancel={() => setStep('detail')} onDone={setOrder} />
      ) : soldOut ? (
        <p className="alert alert--error">Esgotado. Volte em breve: o clube repõe o estoque.</p>
      ) : reward.affordable ? (
        <button type="button" className="button button--primary button--block" onClick={() => setStep('confirm')}>
          Trocar por {formatPoints(reward.points)} pontos
        </button>
      ) : (
        <p className="reward-detail__missing">
          Faltam {formatPoints(reward.missingPoints)} pontos para este prêmio.{' '}
          <Link href={routes.invoices()}>Envie notas fiscais</Link> para juntar pontos.
        </p>
      )}

      <h2>Descrição</h2>
      <p className="project-detail__description">{reward.description}</p>
      <h2>Entrega</h2>
      <p>{reward.delivery}</p>
      {(reward.perMemberLimit !== null || reward.activeTo) && (
        <>
          <h2>Condições</h2>
          <ul>
            {reward.perMemberLimit !== null && (
              <li>
                Até {reward.perMemberLimit} {reward.perMemberLimit === 1 ? 'resgate' : 'resgates'} por membro.
              </li>
            )}
            {reward.activeTo && <li>Disponível até {formatDate(reward.activeTo)}.</li>}
          </ul>
        </>
      )}
    </article>
  );
}

export function RewardScreen() {
  const params = useRouteParams();
  const slug = params?.['rewardSlug'];
  const { data, error, refetch } = useQuery(QReward, { variables: { slug: slug ?? '' }, skip: !slug });

  if (params && !slug) return <NotFoundState title="Prêmio não encontrado" param="rewardSlug" value="" back={BACK} />;
  if (error && !data?.reward) {
    if (contentErrorKind(error) === 'not-found') {
      return <NotFoundState title="Prêmio não encontrado" param="rewardSlug" value={slug ?? ''} back={BACK} />;
    }
    return <ErrorState title="Prêmio" message={errorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (!data?.reward) {
    return (
      <section className="card content-detail" aria-labelledby="page-title">
        <h1 id="page-title">Prêmio</h1>
        <Loading label="Carregando o prêmio">
          <DetailSkeleton />
        </Loading>
      </section>
    );
  }
  return <RewardDetail reward={data.reward} />;
}
