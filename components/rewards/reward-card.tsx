import Link from 'next/link';
import type { RewardCardFieldsFragment } from '@/lib/graphql/generated/graphql';
import { formatPoints } from '@/common/format/numbers';
import { CATEGORY_LABELS, stockLabel } from '@/common/rewards/labels';
import { routes } from '@/common/routes';
import { RewardPicture } from './reward-picture';

/** One reward in the catalogue: the whole card is one link named by the reward (content-card's pattern). */
export function RewardCard({ reward }: { reward: RewardCardFieldsFragment }) {
  const soldOut = reward.stock <= 0;
  return (
    <article className="content-card reward-card">
      <RewardPicture category={reward.category} photo={reward.photos[0]} />
      <div className="content-card__body">
        <p className="content-card__meta">{CATEGORY_LABELS[reward.category]}</p>
        <h2 className="content-card__title">
          <Link href={routes.reward({ rewardSlug: reward.slug })} className="content-card__link">
            {reward.name}
          </Link>
        </h2>
        <p className="reward-card__points">{formatPoints(reward.points)} pontos</p>
        <p className={`reward-card__stock${soldOut ? ' reward-card__stock--out' : ''}`}>{stockLabel(reward.stock)}</p>
        {!soldOut &&
          (reward.limitReached ? (
            <p className="reward-card__reach">Você já atingiu o limite deste prêmio</p>
          ) : reward.affordable ? (
            <p className="reward-card__reach reward-card__reach--ok">Você já pode trocar</p>
          ) : (
            <p className="reward-card__reach">Faltam {formatPoints(reward.missingPoints)} pontos</p>
          ))}
      </div>
    </article>
  );
}
