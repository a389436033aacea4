import type { Messenger } from '../../adapters/messenger';
import type { RewardOrderRow, RewardOrderStatus } from '../../db/schema';
import { findUserById } from '../users';
import type { OperatorDeps } from '../service-deps';
import * as repo from './repository';
import { givesCode } from './views';

export type NotifyDeps = OperatorDeps & { readonly messenger: Messenger };

const pts = (n: number) => n.toLocaleString('pt-BR');

/** What the member reads of an order that moved, in pt-BR; never a code, a token or a CPF. */
function message(
  order: RewardOrderRow,
  rewardName: string,
  codeReward: boolean,
  link: string,
): { subject: string; text: string } | null {
  const ref = `resgate nº ${order.id} (${rewardName})`;
  const texts: Partial<Record<RewardOrderStatus, string>> = {
    requested: `Seu ${ref} foi conferido e segue para separação. Acompanhe em ${link}`,
    separating: `Seu ${ref} está em separação. Acompanhe em ${link}`,
    shipped: `Seu ${ref} foi enviado: ${order.carrier ?? 'transportadora'}, código de rastreio ${order.tracking_code}. Acompanhe em ${link}`,
    delivered: codeReward
      ? `O código do seu ${ref} está pronto. Toque em "Mostrar código" em ${link}`
      : `Seu ${ref} foi entregue. Bom trabalho na oficina!`,
    cancelled: `Seu ${ref} foi cancelado pelo clube. Motivo: ${order.cancel_reason}. Os ${pts(order.points)} pontos voltaram para o seu saldo.`,
  };
  const subjects: Partial<Record<RewardOrderStatus, string>> = {
    requested: 'Seu resgate foi liberado',
    separating: 'Seu resgate está em separação',
    shipped: 'Seu resgate foi enviado',
    delivered: codeReward ? 'O código do seu resgate está pronto' : 'Seu resgate foi entregue',
    cancelled: 'Seu resgate foi cancelado',
  };
  const text = texts[order.status];
  return text ? { subject: `Clube: ${subjects[order.status]}`, text } : null;
}

/**
 * Tells the member that the club moved their order: an e-mail for every change, and an SMS as well when it ships
 * (the tracking code is what they wait for). Sent after the change is committed, through the club's messenger (the
 * outbox on the embedded default). A failure to send is the caller's to report: the order has already moved.
 */
export async function notifyOrderMember(deps: NotifyDeps, orderId: number): Promise<void> {
  const order = await repo.orderById(deps.db, orderId);
  if (!order) return;
  const [reward] = await repo.rewardsByIds(deps.db, [order.reward_id]);
  const user = await findUserById(deps.db, order.user_id);
  if (!reward || !user) return;
  const said = message(order, reward.name, givesCode(reward), `${deps.config.publicUrl}/meus-resgates`);
  if (!said) return;
  await deps.messenger.sendEmail(user.email, said.subject, said.text);
  if (order.status === 'shipped' && user.phone_number) {
    await deps.messenger.sendSms(user.phone_number, said.text);
  }
}
