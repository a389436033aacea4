import type { RewardFieldsFragment, RewardOrderFieldsFragment } from '@/lib/graphql/generated/graphql';

/** A reward's photo, with every field the card's and the page's fragments ask. */
export const rewardPhoto = (slug: string, n: number) => ({
  __typename: 'RewardPhoto' as const,
  url: `/conteudo/imagens/${slug}-${n}.jpg`,
  width: 1024,
  height: 768,
  thumbnailUrl: `/conteudo/imagens/${slug}-${n}-mini.webp`,
  thumbnailWidth: 480,
  thumbnailHeight: 360,
  alt: `Foto ${n} do prêmio`,
});

/** Rewards and orders as the API answers them, shared by the rewards screens' tests. */
export const rewardCard = (n: number, overrides: Partial<RewardFieldsFragment> = {}) => ({
  __typename: 'Reward' as const,
  slug: `premio-${n}`,
  name: `Prêmio ${n}`,
  photos: [] as ReturnType<typeof rewardPhoto>[],
  category: 'FERRAMENTAS' as const,
  type: 'PRODUTO' as const,
  points: n * 100,
  stock: 5,
  affordable: true,
  missingPoints: 0,
  limitReached: false,
  draft: false,
  ...overrides,
});

export const reward = (overrides: Partial<RewardFieldsFragment> = {}) => ({
  ...rewardCard(9),
  name: 'Tupia compacta',
  slug: 'tupia-compacta',
  points: 900,
  delivery: 'Pelos Correios, em até 15 dias úteis.',
  description: 'Tupia de 530 W com fresas.',
  needsAddress: true,
  perMemberLimit: 1,
  activeTo: null,
  ...overrides,
});

export const order = (overrides: Partial<RewardOrderFieldsFragment> = {}) => ({
  __typename: 'RewardOrder' as const,
  id: '41',
  status: 'REQUESTED' as const,
  points: 900,
  carrier: null,
  trackingCode: null,
  trackingUrl: null,
  code: null,
  cancelReason: null,
  refundedPoints: 0,
  createdAt: '2026-03-10T15:00:00.000Z',
  reward: {
    __typename: 'Reward' as const,
    slug: 'tupia-compacta',
    name: 'Tupia compacta',
    type: 'PRODUTO' as RewardOrderFieldsFragment['reward']['type'],
    delivery: 'Pelos Correios, em até 15 dias úteis.',
  },
  address: null,
  events: [
    {
      __typename: 'RewardOrderEvent' as const,
      status: 'REQUESTED' as const,
      note: null,
      at: '2026-03-10T15:00:00.000Z',
    },
  ],
  ...overrides,
});

export const event = (status: RewardOrderFieldsFragment['status'], at: string, note: string | null = null) => ({
  __typename: 'RewardOrderEvent' as const,
  status,
  note,
  at,
});
