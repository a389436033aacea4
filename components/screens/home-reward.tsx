'use client';
import { useQuery } from '@apollo/client/react';
import { memo } from 'react';
import { useIdle } from '@/lib/browser/use-idle';
import { formatPoints } from '@/common/format/numbers';
import { QHomeReward } from '@/lib/home/operations';
import { routes } from '@/common/routes';
import { useRemembered } from '@/lib/session/use-remembered';
import { RewardPicture } from '../rewards/reward-picture';
import { IntentLink } from '../ui/intent-link';

/**
 * Under the balance: the reward the member can already take or is closest to (the API's closestReward). It comes
 * after the balance, which home shows from the member's snapshot at once; nothing shows if it fails or when the
 * catalogue has nothing to offer.
 */
// Memoized: the other answers of home do not render it again.
export const HomeReward = memo(function HomeReward() {
  // Started in the first idle moment, not with the page's mount: the device's copy shows meanwhile.
  const idle = useIdle();
  const { data, error } = useQuery(QHomeReward, { fetchPolicy: 'cache-and-network', skip: !idle });
  const reward = useRemembered('homeReward', data?.closestReward);
  // A first visit keeps the card's room while it loads, so the reminders and shortcuts under it stay put.
  if (!reward) return data || error ? null : <div className="home-reward home-reward--pending" aria-hidden="true" />;
  return (
    <section className="home-reward" aria-labelledby="home-reward-title">
      <RewardPicture category={reward.category} photo={reward.photos[0]} />
      <div className="home-reward__body">
        <h2 id="home-reward-title" className="home-reward__title">
          {reward.affordable ? 'Você já pode trocar' : 'Seu próximo prêmio'}
        </h2>
        <p className="home-reward__name">
          <IntentLink href={routes.reward({ rewardSlug: reward.slug })}>{reward.name}</IntentLink>
        </p>
        <p className="home-reward__points">
          {formatPoints(reward.points)} pontos
          {!reward.affordable && ` · faltam ${formatPoints(reward.missingPoints)}`}
        </p>
      </div>
    </section>
  );
});
