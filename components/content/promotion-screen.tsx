'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { errorMessage } from '@/lib/apollo/errors';
import { contentErrorKind } from '@/lib/content/errors';
import { formatLongDate, formatNumber } from '@/lib/content/format';
import { QPromotion } from '@/lib/content/operations';
import { useRouteParams } from '@/lib/routing/use-route-params';
import { routes } from '@/common/routes';
import { DetailLoading, ErrorState, NotFoundState, UnavailableState } from '../ui/content-states';
import { DetailLayout } from './detail-layout';
import { RichText } from './rich-text';
import { SendInvoiceAction } from './send-invoice-action';

export function PromotionScreen({ preview = false }: { preview?: boolean }) {
  const params = useRouteParams();
  const slug = params?.['promotionSlug'];
  const { data, error, refetch } = useQuery(QPromotion, { variables: { slug: slug ?? '', preview }, skip: !slug });
  const promotion = data?.promotion;
  const back = preview
    ? { href: routes.draftPromotions(), label: 'Rascunho das promoções' }
    : { href: routes.promotions(), label: 'Todas as promoções' };
  const title = preview ? 'Rascunho da promoção' : 'Promoção';

  if (error && !promotion) {
    const kind = contentErrorKind(error);
    if (kind === 'unavailable') return <UnavailableState />;
    if (kind === 'not-found') {
      return <NotFoundState title="Promoção não encontrada" param="promotionSlug" value={slug ?? ''} back={back} />;
    }
    return <ErrorState title={title} message={errorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (!promotion) return <DetailLoading title={title} />;
  const survey = promotion.survey;
  return (
    <DetailLayout
      back={back}
      title={promotion.title}
      banner={promotion.banner}
      status={promotion.status}
      periodStart={promotion.periodStart}
      periodEnd={promotion.periodEnd}
      isDraft={promotion.isDraft}
      preview={preview}
    >
      {promotion.summary && <p className="content-detail__summary">{promotion.summary}</p>}
      {promotion.status === 'UPCOMING' && promotion.periodStart && (
        <p className="callout">Começa em {formatLongDate(promotion.periodStart)}.</p>
      )}
      {promotion.status === 'ENDED' && promotion.periodEnd && (
        <p className="callout">Encerrada em {formatLongDate(promotion.periodEnd)}.</p>
      )}
      {promotion.prizes.length > 0 && (
        <section aria-labelledby="premios" className="prizes">
          <h2 id="premios">Prêmios</h2>
          <ul>
            {promotion.prizes.map((prize) => (
              <li key={prize.title}>
                {prize.quantity ? <strong>{formatNumber(prize.quantity)} × </strong> : null}
                {prize.title}
              </li>
            ))}
          </ul>
        </section>
      )}
      <RichText html={promotion.rulesHtml} />
      {/* The page ends with what to do next: the survey, or sending the invoices that take part. */}
      {survey && (
        <section aria-labelledby="pesquisa" className="survey-callout">
          <h2 id="pesquisa">{survey.title}</h2>
          {preview ? (
            <p className="muted">A pesquisa só recebe respostas na versão publicada.</p>
          ) : survey.answered ? (
            <p>Você já respondeu esta pesquisa. Obrigado!</p>
          ) : survey.open ? (
            <p>
              <Link className="button button--primary" href={routes.promotionSurvey({ promotionSlug: promotion.slug })}>
                Responder à pesquisa
              </Link>
            </p>
          ) : (
            <p>A pesquisa está encerrada.</p>
          )}
        </section>
      )}
      {!survey && promotion.status === 'ACTIVE' && !preview && <SendInvoiceAction />}
    </DetailLayout>
  );
}
