'use client';
import { useQuery } from '@apollo/client/react';
import { errorMessage } from '@/lib/apollo/errors';
import { contentErrorKind } from '@/lib/content/errors';
import { QCampaign, QStandardCampaign } from '@/lib/content/operations';
import { useRouteParams } from '@/lib/routing/use-route-params';
import { routes } from '@/common/routes';
import { DetailLoading, ErrorState, NotFoundState } from '../ui/content-states';
import { DetailLayout } from './detail-layout';
import { RichText } from './rich-text';
import { SendInvoiceAction } from './send-invoice-action';

const BACK = { href: routes.campaigns(), label: 'Todas as campanhas' };

function PointsRule({ text }: { text: string }) {
  return (
    <div className="points-rule">
      <h2>Como ganhar pontos</h2>
      <p>{text}</p>
    </div>
  );
}

export function CampaignScreen() {
  const params = useRouteParams();
  const id = params?.['campaignId'];
  const { data, error, refetch } = useQuery(QCampaign, { variables: { id: id ?? '' }, skip: !id });
  const campaign = data?.customCampaign;

  if (params && !id) return <NotFoundState title="Campanha não encontrada" param="campaignId" value="" back={BACK} />;
  if (error && !campaign) {
    if (contentErrorKind(error) === 'not-found') {
      return <NotFoundState title="Campanha não encontrada" param="campaignId" value={id ?? ''} back={BACK} />;
    }
    return <ErrorState title="Campanha" message={errorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (!campaign) return <DetailLoading title="Campanha" />;
  return (
    <DetailLayout
      back={BACK}
      title={campaign.title}
      banner={campaign.banner}
      status={campaign.status}
      periodStart={campaign.periodStart}
      periodEnd={campaign.periodEnd}
      isDraft={campaign.isDraft}
      preview={false}
    >
      {campaign.summary && <p className="content-detail__summary">{campaign.summary}</p>}
      <PointsRule text={campaign.pointsRule} />
      <RichText html={campaign.bodyHtml} />
      {campaign.status === 'ACTIVE' && <SendInvoiceAction />}
    </DetailLayout>
  );
}

export function StandardCampaignScreen() {
  const { data, error, refetch } = useQuery(QStandardCampaign);
  const campaign = data?.standardCampaign;
  if (error && !campaign) {
    return <ErrorState title="Campanha padrão" message={errorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (!campaign) return <DetailLoading title="Campanha padrão" />;
  return (
    <DetailLayout
      back={BACK}
      title={campaign.title}
      banner={campaign.banner}
      isDraft={campaign.isDraft}
      preview={false}
    >
      {campaign.summary && <p className="content-detail__summary">{campaign.summary}</p>}
      <PointsRule text={campaign.pointsRule} />
      <RichText html={campaign.bodyHtml} />
      <SendInvoiceAction />
    </DetailLayout>
  );
}
