import type { RewardCategory, RewardOrderStatus, RewardType } from '../member-schema.generated';
import { formatPoints } from '../format/numbers';

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
  IN_REVIEW: 'Em análise',
  SEPARATING: 'Em separação',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregue',
  CANCELLED: 'Cancelado',
};

/** The way an order goes when nothing goes wrong; a cancelled order leaves it. */
export const ORDER_STEPS: readonly RewardOrderStatus[] = ['REQUESTED', 'SEPARATING', 'SHIPPED', 'DELIVERED'];

/** A voucher or a course is delivered as a code, at once: nothing is separated or shipped. */
export const CODE_ORDER_STEPS: readonly RewardOrderStatus[] = ['REQUESTED', 'DELIVERED'];

export const givesCode = (type: RewardType) => type === 'VALE' || type === 'CURSO';

/** What a member reads while the club reviews an order (the reason is the club's, never shown). */
export const IN_REVIEW_TEXT =
  'O clube está conferindo este resgate antes de seguir. Seus pontos estão reservados e você recebe um aviso por e-mail quando ele andar.';

/** What happens after a redemption, by the reward's type, in the member's words. */
export const NEXT_STEP: Record<RewardType, string> = {
  PRODUTO: 'O clube separa o prêmio e envia para o endereço informado; o código de rastreio aparece em Meus resgates.',
  VALE: 'O código do vale já está em Meus resgates: toque em "Mostrar código" para ver o código e a validade.',
  CURSO: 'O código de inscrição do curso já está em Meus resgates: toque em "Mostrar código" para ver como usar.',
  EXPERIENCIA: 'O clube entra em contato para combinar a data; acompanhe cada etapa em Meus resgates.',
};

/** "1 unidade" / "N unidades" left; none left reads "Esgotado". */
export function stockLabel(stock: number): string {
  if (stock <= 0) return 'Esgotado';
  return stock === 1 ? 'Resta 1 unidade' : `Restam ${formatPoints(stock)} unidades`;
}
