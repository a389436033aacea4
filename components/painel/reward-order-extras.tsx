'use client';
import { painelRequest } from '@/lib/painel/request';
import { QStaffRewardOrders, type StaffRewardOrderFieldsFragment } from '@/lib/painel/rewards';
import { FormAlert } from '../ui/form-alert';
import { useReviewNext } from './review/use-review-next';

type Order = StaffRewardOrderFieldsFragment;

/**
 * "Próximo pedido" after a step: the oldest open order of the queue other than this one, opened in place, so a desk
 * works through the queue without going back to it each time.
 */
export function NextOrderButton({ currentId, go }: { currentId: string; go: (next: string) => void }) {
  const next = useReviewNext(
    async () => {
      const { staffRewardOrders } = await painelRequest(QStaffRewardOrders, { first: 2 });
      return staffRewardOrders.rows.find((row) => row.id !== currentId)?.id ?? null;
    },
    go,
    'Não há outro resgate esperando: a fila está em dia.',
  );
  return (
    <>
      <button type="button" className="button button--secondary" onClick={next.run}>
        Próximo pedido
      </button>
      <FormAlert message={next.problem} />
    </>
  );
}

/**
 * The packing slip of an order sent by post, to print on an A6 label (the browser's print, or "Salvar como PDF"): who
 * receives it and where, the order's number and the reward. Only the slip prints (painel-rewards.css).
 */
export function PackingSlip({ order }: { order: Order }) {
  const address = order.address;
  if (!address) return null;
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => window.print()}>
        Imprimir etiqueta (A6)
      </button>
      <section className="premios-slip" aria-label="Etiqueta de envio">
        <p className="premios-slip__to">Destinatário</p>
        <p className="premios-slip__name">{order.member.name}</p>
        <p>
          {address.address}, {address.number}
          {address.complement ? ` – ${address.complement}` : ''}
        </p>
        <p>
          {address.district ? `${address.district} · ` : ''}
          {address.city}/{address.uf}
        </p>
        <p className="premios-slip__cep">CEP {address.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}</p>
        <p className="premios-slip__order">
          Resgate nº {order.id} · {order.rewardName}
        </p>
      </section>
    </>
  );
}
