'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { RewardFieldsFragment, RewardOrderFieldsFragment } from '@/lib/graphql/generated/graphql';
import { errorMessage } from '@/lib/apollo/errors';
import { whenIdle } from '@/lib/browser/when-idle';
import { contentErrorKind } from '@/lib/content/errors';
import { formatDate } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { CATEGORY_LABELS, IN_REVIEW_TEXT, NEXT_STEP, stockLabel, TYPE_LABELS } from '@/common/rewards/labels';
import { QReward } from '@/lib/rewards/operations';
import { useRouteParams } from '@/lib/routing/use-route-params';
import { routes } from '@/common/routes';
import { DetailSkeleton, ErrorState, Loading, NotFoundState } from '../ui/content-states';
import { PhotoGallery } from '../ui/photo-gallery';
import { Spinner } from '../ui/spinner';
import { useFocusWhenShown } from '../ui/use-focus-when-shown';
import { RewardPicture } from './reward-picture';

const BACK = { href: routes.rewards(), label: 'Prêmios' };

// The confirmation is code for a member who taps "Trocar": out of the page's first load, fetched once it is idle.
const loadConfirmation = () => import('./redeem-confirmation');
const RedeemConfirmation = lazy(() => loadConfirmation().then((m) => ({ default: m.RedeemConfirmation })));

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
      {/* A held order says so: its code, if any, comes only once the club releases it. */}
      <p>{order.status === 'IN_REVIEW' ? IN_REVIEW_TEXT : NEXT_STEP[order.reward.type]}</p>
      <p>
        <Link className="button button--primary" href={routes.rewardOrders()}>
          Ver meus resgates
        </Link>
      </p>
    </div>
  );
}

function RewardDetail({ reward }: { reward: RewardFieldsFragment }) {
  const [step, setStep] = useState<'detail' | 'confirm'>('detail');
  const [order, setOrder] = useState<RewardOrderFieldsFragment | null>(null);
  const soldOut = reward.stock <= 0;
  const canRedeem = !soldOut && reward.affordable && !reward.limitReached && !reward.draft;
  useEffect(
    () => (canRedeem ? whenIdle(() => void loadConfirmation().catch(() => undefined)) : undefined),
    [canRedeem],
  );

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
      {reward.photos.length > 0 ? (
        <PhotoGallery photos={reward.photos} label="Fotos do prêmio" />
      ) : (
        <RewardPicture category={reward.category} large />
      )}
      <p className="reward-detail__points">{formatPoints(reward.points)} pontos</p>

      {reward.draft ? (
        <p className="alert alert--info">
          Rascunho: só contas de editor veem este prêmio. Ele entra no catálogo quando for publicado e, até lá, não pode
          ser trocado.
        </p>
      ) : order ? (
        <Done order={order} />
      ) : step === 'confirm' ? (
        <Suspense fallback={<Spinner label="Carregando a confirmação" />}>
          <RedeemConfirmation reward={reward} onCancel={() => setStep('detail')} onDone={setOrder} />
        </Suspense>
      ) : soldOut ? (
        <p className="alert alert--error">Esgotado. Volte em breve: o clube repõe o estoque.</p>
      ) : reward.limitReached ? (
        <p className="alert alert--info">
          Você já trocou este prêmio {reward.perMemberLimit === 1 ? 'uma vez' : `${reward.perMemberLimit} vezes`}, o
          limite por membro. <Link href={routes.rewardOrders()}>Ver meus resgates</Link>
        </p>
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
