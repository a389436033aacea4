import type { Db, RewardOrderRow, RewardRow } from '../../db/schema';
import { formatDate } from '../../../common/format/dates';
import { emailReceipt, notify, type ReceiptMail } from '../notifications';
import type { ServiceDeps } from '../service-deps';
import * as repo from './repository';
import { givesCode } from './views';

/*
 * The member's receipts of their own moves: a redemption (with a voucher's or a course's code and how to use it) and
 * a cancellation. The inbox notice is written in the move's transaction (`…NoticeIn`), the e-mail after its commit
 * (`email…`), as the operator's moves do (actions.ts, notify.ts).
 */

type Deps = ServiceDeps<'db' | 'config' | 'messenger'>;

const pts = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'ponto' : 'pontos'}`;
const ref = (order: RewardOrderRow, reward: RewardRow) => `resgate nº ${order.id} (${reward.name})`;

/** A code is ready when the order was delivered in the redemption itself (not held for the club's review). */
const codeReady = (order: RewardOrderRow, reward: RewardRow) => givesCode(reward) && order.status === 'delivered';

export async function redemptionNoticeIn(trx: Db, order: RewardOrderRow, reward: RewardRow, now: Date): Promise<void> {
  await notify(
    trx,
    {
      type: 'reward-redeemed',
      userId: order.user_id,
      orderId: order.id,
      rewardName: reward.name,
      points: order.points,
      codeReady: codeReady(order, reward),
    },
    now,
  );
}

export async function cancellationNoticeIn(trx: Db, order: RewardOrderRow, reward: RewardRow, now: Date) {
  await notify(
    trx,
    {
      type: 'reward-order',
      userId: order.user_id,
      orderId: order.id,
      rewardName: reward.name,
      status: 'cancelled-by-member',
    },
    now,
  );
}

/** What happens next, by the order's state: the code and how to use it, the club's review, or the delivery. */
function nextStep(order: RewardOrderRow, reward: RewardRow, code: { code: string; valid_until: string } | undefined) {
  if (order.review_reason !== null) {
    return 'O clube está conferindo este resgate antes de seguir. Seus pontos estão reservados e você recebe um aviso quando ele andar.';
  }
  if (code) {
    return [
      `Seu código: ${code.code}`,
      `Válido até ${formatDate(`${code.valid_until}T12:00:00.000Z`)}.`,
      `Como usar: ${reward.delivery}`,
      'O código também fica em Meus resgates, no botão "Mostrar código".',
    ].join('\n');
  }
  return `Como será entregue: ${reward.delivery}`;
}

/** The e-mail receipt of a redemption, sent after its commit. */
export async function emailRedemption(deps: Deps, orderId: number): Promise<void> {
  const order = await repo.orderById(deps.db, orderId);
  const [reward] = order ? await repo.rewardsByIds(deps.db, [order.reward_id]) : [];
  if (!order || !reward) return;
  const [code] = await repo.codesOfOrders(deps.db, [order.id]);
  const mail: ReceiptMail = {
    subject: codeReady(order, reward) ? 'Seu resgate e o código do prêmio' : 'Seu resgate foi registrado',
    text: [
      `Seu ${ref(order, reward)} foi registrado: ${pts(order.points)} saíram do seu saldo.`,
      nextStep(order, reward, code),
      `Acompanhe em ${deps.config.publicUrl}/meus-resgates#pedido-${order.id}`,
    ].join('\n\n'),
  };
  await emailReceipt(deps, order.user_id, mail);
}

/** The e-mail receipt of the member's own cancellation, sent after its commit. */
export async function emailCancellation(deps: Deps, orderId: number): Promise<void> {
  const order = await repo.orderById(deps.db, orderId);
  const [reward] = order ? await repo.rewardsByIds(deps.db, [order.reward_id]) : [];
  if (!order || !reward) return;
  await emailReceipt(deps, order.user_id, {
    subject: 'Seu resgate foi cancelado',
    text: `Seu ${ref(order, reward)} foi cancelado como você pediu. Os ${pts(order.points)} voltaram para o seu saldo.\n\nVeja em ${deps.config.publicUrl}/historico`,
  });
}
