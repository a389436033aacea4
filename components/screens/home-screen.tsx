'use client';
import { useQuery } from '@apollo/client/react';
import { IntentLink } from '../ui/intent-link';
import { memo, startTransition, useEffect, useState, type ReactNode } from 'react';
import { formatPoints } from '@/common/format/numbers';
import { QCampaigns, QPromotions } from '@/lib/content/operations';
import type { QCampaignsQuery } from '@/lib/content/campaign-operations.generated';
import type { QPromotionsQuery } from '@/lib/content/promotion-operations.generated';
import { routes } from '@/common/routes';
import { useRemembered } from '@/lib/session/use-remembered';
import { ME_SNAPSHOT } from '@/lib/session/use-current-user-query';
import { useSavedAt } from '@/lib/session/use-device-copy';
import { useOffline } from '@/lib/network/use-offline';
import { useIdle } from '@/lib/browser/use-idle';
import { DeviceCopy } from '../ui/device-copy';
import { ContentCard } from '../content/cards';
import { CardListSkeleton, EmptyState, Loading } from '../ui/content-states';
import { HomeReminders, useHomeReminderRows } from './home-reminders';
import { HomeReward } from './home-reward';
import { useCurrentUser } from '../providers/current-user';

const HOME_LIST_SIZE = 3;

/**
 * True a background render after `ready` turns true: the lists' cards (from the device's copy too) mount in a render
 * the browser can slice, not in the urgent one that starts the section's query at idle (which must stay urgent, see
 * lib/browser/use-idle.ts), which they made twice as long.
 */
function useShownAfter(ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (ready) startTransition(() => setShown(true));
  }, [ready]);
  return shown;
}

/**
 * Sending an invoice first: it is how points are earned, and the form sits on the Notas page (one tap on the tab bar,
 * but named here for what it does). Then what the tab bar does not hold: sending a project is two taps away under
 * "Mais", and how points are earned is nowhere else.
 */
const SHORTCUTS = [
  { href: routes.invoices(), label: 'Enviar nota fiscal' },
  { href: routes.sendProject(), label: 'Enviar projeto' },
  { href: routes.standardCampaign(), label: 'Como ganhar pontos' },
];

function HomeSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="home-section__header">
        <h2 id={id}>{title}</h2>
        <IntentLink href={more.href}>{more.label}</IntentLink>
      </div>
      {children}
    </section>
  );
}

type CampaignList = QCampaignsQuery['customCampaigns']['data'];
type PromotionList = QPromotionsQuery['promotions']['data'];

// The cards render again only for a list that changed: an answer equal to the device's copy keeps the copy's object.
const CampaignCards = memo(function CampaignCards({ list }: { list: CampaignList }) {
  return (
    <ul className="content-grid" aria-label="Campanhas ativas">
      {list.map((c) => (
        <li key={c.id}>
          <ContentCard item={c} href={routes.campaign({ campaignId: c.id })} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
});

const PromotionCards = memo(function PromotionCards({ list }: { list: PromotionList }) {
  return (
    <ul className="content-grid" aria-label="Promoções ativas">
      {list.map((p) => (
        <li key={p.slug}>
          <ContentCard
            item={p}
            href={routes.promotion({ promotionSlug: p.slug })}
            extra={p.hasSurvey ? 'Com pesquisa' : undefined}
            headingLevel={3}
          />
        </li>
      ))}
    </ul>
  );
});

/**
 * Home's sections are memoized and hold their own queries: each answer (and each of the four queries starting at idle)
 * renders only its own section, not the whole page under HomeScreen again (two whole-page renders of about 60
 * components each during a returning member's load).
 */
const ActiveCampaigns = memo(function ActiveCampaigns() {
  // Started in the first idle moment, not with the page's mount: the device's copy shows meanwhile.
  const idle = useIdle();
  const { data, error } = useQuery(QCampaigns, {
    variables: { page: 1, pageSize: HOME_LIST_SIZE, status: 'ACTIVE' },
    skip: !idle,
  });
  const remembered = useRemembered('homeCampaigns', data?.customCampaigns.data);
  // Below the first screen: its cards (from the device's copy too) mount after the query starts, not in the commit
  // that shows the page, which they made a fifth longer.
  const list = useShownAfter(idle) ? remembered : undefined;
  return (
    <HomeSection
      id="home-campanhas"
      title="Campanhas ativas"
      more={{ href: routes.campaigns(), label: 'Ver todas as campanhas' }}
    >
      {error && !list ? (
        <EmptyState>Não foi possível carregar as campanhas agora.</EmptyState>
      ) : !list ? (
        <Loading>
          <CardListSkeleton count={HOME_LIST_SIZE} />
        </Loading>
      ) : list.length === 0 ? (
        <EmptyState>Nenhuma campanha ativa agora. Seus pontos seguem a campanha padrão.</EmptyState>
      ) : (
        <CampaignCards list={list} />
      )}
    </HomeSection>
  );
});

const ActivePromotions = memo(function ActivePromotions() {
  // Started in the first idle moment, not with the page's mount: the device's copy shows meanwhile.
  const idle = useIdle();
  const { data, error } = useQuery(QPromotions, {
    variables: { page: 1, pageSize: HOME_LIST_SIZE, status: 'ACTIVE' },
    skip: !idle,
  });
  const remembered = useRemembered('homePromotions', data?.promotions.data);
  // Below the first screen: its cards (from the device's copy too) mount after the query starts, not in the commit
  // that shows the page, which they made a fifth longer.
  const list = useShownAfter(idle) ? remembered : undefined;
  return (
    <HomeSection
      id="home-promocoes"
      title="Promoções ativas"
      more={{ href: routes.promotions(), label: 'Ver todas as promoções' }}
    >
      {error && !list ? (
        <EmptyState>Não foi possível carregar as promoções agora.</EmptyState>
      ) : !list ? (
        <Loading>
          <CardListSkeleton count={HOME_LIST_SIZE} />
        </Loading>
      ) : list.length === 0 ? (
        <EmptyState>Nenhuma promoção ativa agora. Volte em breve!</EmptyState>
      ) : (
        <PromotionCards list={list} />
      )}
    </HomeSection>
  );
});

/**
 * What needs the member now (the reminders) and the shortcuts under them, with the reminders' query: its answers
 * render this part only.
 */
const HomeNextSteps = memo(function HomeNextSteps() {
  const reminders = useHomeReminderRows();
  return (
    <>
      <HomeReminders rows={reminders} />
      <h2 className="visually-hidden">Atalhos</h2>
      {/* On a first visit the shortcuts show once the reminders above them have come, right where they stay: a
          thumb reaching for one never gets a reminder pushed under it. */}
      <ul className={reminders === null ? 'shortcuts shortcuts--waiting' : 'shortcuts'}>
        {SHORTCUTS.map((s, i) => (
          <li key={s.href}>
            <IntentLink
              className={`button ${i === 0 ? 'button--primary' : 'button--secondary'} button--block`}
              href={s.href}
            >
              {s.label}
            </IntentLink>
          </li>
        ))}
      </ul>
    </>
  );
});

/** `contact` is the club's contact card, rendered by the page on the server: it has nothing to run on the phone. */
export function HomeScreen({ contact }: { contact: ReactNode }) {
  const user = useCurrentUser();
  // Without signal the balance is the one this device last had from the club.
  const offline = useOffline();
  const balanceSavedAt = useSavedAt(ME_SNAPSHOT, offline);
  return (
    <div className="home">
      <section className="card home-hero" aria-labelledby="page-title">
        <h1 id="page-title">Olá, {user.name}!</h1>
        <p className="muted">Que bom ter você no Clube do Marceneiro.</p>
        <div className="points-balance">
          <p className="points-balance__label">Seu saldo</p>
          <p className="points-balance__value">
            {formatPoints(user.pointsBalance)} <span className="points-balance__unit">pontos</span>
          </p>
          <IntentLink href={routes.history()}>Ver extrato</IntentLink>
        </div>
        <DeviceCopy shown={offline} savedAt={balanceSavedAt} />
        <HomeReward />
        <HomeNextSteps />
      </section>
      <ActiveCampaigns />
      <ActivePromotions />
      {contact}
    </div>
  );
}
