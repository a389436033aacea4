import type { RewardCategory, RewardOrderStatus, RewardType } from '@/lib/graphql/generated/graphql';
import { formatPoints } from '@/lib/format/numbers';

/** The catalogue's sections, in the order the page shows them. */
export const REWARD_CATEGORIES: readonly { value: RewardCategory; label: string }[] = [
  { value: 'FERRAMENTAS', label: 'Ferramentas' },
  { value: 'ACESSORIOS', label: 'Acessórios da oficina' },
  { value: 'CURSOS', label: 'Cursos e capacitação' },
  { value: 'VALES', label: 'Vales-compra nas lojas parceiras' },
  { value: 'EXPERIENCIAS', label: 'Experiências' },
];

export const CATEGORY_LABELS = Object.fromEntries(REWARD_CATEGORIES.map((c) => [c.value, c.label])) as Record<
  RewardCategory,
  string
>;

export const TYPE_LABELS: Record<RewardType, string> = {
  PRODUTO: 'Produto',
  VALE: 'Vale-compra',
  CURSO: 'Curso',
  EXPERIENCIA: 'Experiência',
};

export const ORDER_STATUS_LABELS: Record<RewardOrderStatus, string> = {
  REQUESTED: 'Solicitado',
  SEPARATING: 'Em separação',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregue',
  CANCELLED: 'Cancelado',
};

/** The way an order goes when nothing goes wrong; a cancelled order leaves it. */
export const ORDER_STEPS: readonly RewardOrderStatus[] = ['REQUESTED', 'SEPARATING', 'SHIPPED', 'DELIVERED'];

/** What happens after a redemption, by the reward's type, in the member's words. */
export const NEXT_STEP: Record<RewardType, string> = {
  PRODUTO: 'O clube separa o prêmio e envia para o endereço informado; o código de rastreio aparece em Meus resgates.',
  VALE: 'O clube envia o vale-compra e você acompanha cada etapa em Meus resgates.',
  CURSO: 'O clube confirma sua vaga e você acompanha cada etapa em Meus resgates.',
  EXPERIENCIA: 'O clube entra em contato para combinar a data; acompanhe cada etapa em Meus resgates.',
};

/** "1 unidade" / "N unidades" left; none left reads "Esgotado". */
export function stockLabel(stock: number): string {
  if (stock <= 0) return 'Esgotado';
  return stock === 1 ? 'Resta 1 unidade' : `Restam ${formatPoints(stock)} unidades`;
}
