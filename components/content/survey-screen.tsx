'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { Suspense, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { contentErrorKind } from '@/lib/content/errors';
import { formatLongDate } from '@/lib/content/format';
import { QPromotionSurvey } from '@/lib/content/operations';
import { useRouteParams } from '@/lib/routing/use-route-params';
import { routes } from '@/common/routes';
import { DetailLoading, ErrorState, NotFoundState } from '../ui/content-states';
import { lazyNow } from '../ui/lazy-now';
import { Spinner } from '../ui/spinner';

// The form (with react-hook-form) travels beside the survey's data instead of in the page's first load.
const SurveyForm = lazyNow(() => import('./promotion-survey-form').then((m) => m.SurveyForm));

export function SurveyScreen() {
  const params = useRouteParams();
  const slug = params?.['promotionSlug'];
  const [justAnswered, setJustAnswered] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const { data, error, refetch } = useQuery(QPromotionSurvey, {
    variables: { slug: slug ?? '' },
    skip: !slug,
    fetchPolicy: 'cache-and-network',
  });
  const promotion = data?.promotion;
  const back = slug
    ? { href: routes.promotion({ promotionSlug: slug }), label: 'Voltar para a promoção' }
    : { href: routes.promotions(), label: 'Todas as promoções' };

  useEffect(() => {
    if (justAnswered) doneRef.current?.focus();
  }, [justAnswered]);

  if (error && !promotion) {
    if (contentErrorKind(error) === 'not-found') {
      return (
        <NotFoundState
          title="Pesquisa não encontrada"
          param="promotionSlug"
          value={slug ?? ''}
          back={{ href: routes.promotions(), label: 'Todas as promoções' }}
        />
      );
    }
    return <ErrorState title="Pesquisa da promoção" message={errorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (!promotion) return <DetailLoading title="Pesquisa da promoção" />;
  const survey = promotion.survey;
  if (!survey) {
    return <NotFoundState title="Pesquisa não encontrada" param="promotionSlug" value={slug ?? ''} back={back} />;
  }

  const answered = justAnswered || survey.answered;
  return (
    <section className="card content-detail survey" aria-labelledby="page-title">
      <p className="content-detail__back">
        <Link href={back.href}>← {promotion.title}</Link>
      </p>
      <h1 id="page-title" ref={doneRef} tabIndex={-1}>
        {survey.title}
      </h1>
      {answered ? (
        <div className="survey-done" role="status">
          <p>
            <strong>{justAnswered ? 'Resposta enviada. Obrigado!' : 'Você já respondeu esta pesquisa.'}</strong>
          </p>
          <p>Cada membro responde uma vez. Suas respostas ajudam a escolher as próximas campanhas e prêmios.</p>
          <p>
            <Link className="button button--secondary" href={back.href}>
              Voltar para a promoção
            </Link>
          </p>
        </div>
      ) : !survey.open ? (
        <div className="survey-done survey-done--closed">
          <p>
            <strong>Pesquisa encerrada.</strong>{' '}
            {promotion.status === 'UPCOMING'
              ? 'Ela abre quando a promoção começar.'
              : promotion.periodEnd
                ? `A promoção terminou em ${formatLongDate(promotion.periodEnd)} e não recebe mais respostas.`
                : 'Ela não recebe mais respostas.'}
          </p>
        </div>
      ) : (
        <>
          {survey.intro && <p>{survey.intro}</p>}
          <Suspense fallback={<Spinner />}>
            <SurveyForm
              slug={promotion.slug}
              questions={survey.questions}
              onDone={() => {
                setJustAnswered(true);
                void refetch();
              }}
              onRefused={() => void refetch()}
            />
          </Suspense>
        </>
      )}
    </section>
  );
}
