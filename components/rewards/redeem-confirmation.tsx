'use client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { RewardFieldsFragment, RewardOrderFieldsFragment } from '@/lib/graphql/generated/graphql';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDate, todayInBrazil } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { newAttemptKey } from '@/lib/network/attempt-key';
import { evictAfterPointsMoved, pointsMoved } from '@/lib/points/points-moved';
import { MRedeemReward, QRedemptionPreview } from '@/lib/rewards/operations';
import { Spinner } from '../ui/spinner';
import type { DeliveryAddress } from './delivery-address-form';

// The form (react-hook-form and the CEP look-up) loads only when a member changes the address.
const DeliveryAddressForm = lazy(() =>
  import('./delivery-address-form').then((m) => ({ default: m.DeliveryAddressForm })),
);

/** An address in one line: "Avenida Paulista, 1000 – Sala 2, Bela Vista, São Paulo/SP, CEP 01310-100". */
export function addressLine(a: DeliveryAddress): string {
  const street = [`${a.address}, ${a.number}`, a.complement].filter(Boolean).join(' – ');
  const cep = a.cep.replace(/\D/g, '').replace(/^(\d{5})(\d{3})$/, '$1-$2');
  return [street, a.district, `${a.city}/${a.uf}`, `CEP ${cep}`].filter(Boolean).join(', ');
}

/** "08/12" for a day of this year, "20/01/2027" for one of another: points expire at most a year ahead. */
export function expiryDay(iso: string, now: Date = new Date()): string {
  const day = formatDate(iso);
  return todayInBrazil(new Date(iso)).slice(0, 4) === todayInBrazil(now).slice(0, 4) ? day.slice(0, 5) : day;
}

/**
 * The one-tap confirmation: the points the redemption spends (the oldest, expiring first, as the API will take
 * them), the balance after and, for a product, where it goes. The address can be changed for this order only.
 */
export function RedeemConfirmation({
  reward,
  onCancel,
  onDone,
}: {
  reward: RewardFieldsFragment;
  onCancel: () => void;
  onDone: (order: RewardOrderFieldsFragment) => void;
}) {
  const client = useApolloClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data, error, refetch } = useQuery(QRedemptionPreview, {
    variables: { slug: reward.slug },
    fetchPolicy: 'network-only',
  });
  const shown = Boolean(data?.redemptionPreview ?? error);
  useEffect(() => {
    // Below the picture on a phone: the whole confirmation is brought up (again once its lines arrive, when the page
    // is tall enough to scroll it to the top), so the balance after and the button share the screen; its heading
    // takes the focus for the reader.
    heading.current?.closest('section')?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [shown]);
  // One key per confirmation: a retry after a lost answer gets the same order, never a second one.
  const attemptKey = useRef(newAttemptKey());
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [orderAddress, setOrderAddress] = useState<DeliveryAddress | null>(null);
  const [editingAddress, setEditingAddress] = useState(false);

  const title = (
    <h2 id="confirm-title" ref={heading} tabIndex={-1}>
      Confirme o resgate
    </h2>
  );
  const preview = data?.redemptionPreview;
  if (error && !preview) {
    return (
      <section className="reward-confirm" aria-labelledby="confirm-title">
        {title}
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Tentar de novo
        </button>
      </section>
    );
  }
  if (!preview) {
    return (
      <section className="reward-confirm" aria-labelledby="confirm-title">
        {title}
        <Spinner label="Carregando seu saldo" />
      </section>
    );
  }

  const profileAddress = reward.needsAddress ? (preview.address ?? null) : null;
  const address = orderAddress ?? profileAddress;
  // Without a complete address in the profile, the form is where a product's confirmation starts.
  const addressFormOpen = reward.needsAddress && (editingAddress || !address);
  const [first, ...later] = preview.spends;

  const confirm = async () => {
    if (sending) return;
    setSending(true);
    setSendError(null);
    try {
      const result = await client.mutate({
        mutation: MRedeemReward,
        variables: {
          input: {
            slug: reward.slug,
            idempotencyKey: attemptKey.current,
            ...(orderAddress ? { address: orderAddress } : {}),
          },
        },
        // The balance, the stock and the orders all changed: every list asks the API again when shown.
        update: (cache) => evictAfterPointsMoved(cache, ['myRewardOrders']),
      });
      if (result.data) {
        void pointsMoved(client);
        onDone(result.data.redeemReward);
      }
    } catch (caught) {
      setSendError(errorMessage(caught as Error));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="reward-confirm" aria-labelledby="confirm-title">
      {title}
      <dl className="key-info">
        <div>
          <dt>Prêmio</dt>
          <dd>{reward.name}</dd>
        </div>
        <div>
          <dt>Seu saldo</dt>
          <dd>{formatPoints(preview.balance)} pontos</dd>
        </div>
        {first && (
          <div>
            <dt>Pontos usados</dt>
            <dd>
              <ul className="reward-confirm__spends" aria-label="Pontos usados">
                <li>
                  {formatPoints(first.points)} pontos que vencem em {expiryDay(first.expiresAt)} serão usados primeiro
                </li>
                {later.map((spend) => (
                  <li key={spend.expiresAt}>
                    depois, {formatPoints(spend.points)} pontos que vencem em {expiryDay(spend.expiresAt)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {preview.balanceAfter !== null && preview.balanceAfter !== undefined && (
          <div>
            <dt>Saldo depois</dt>
            <dd>{formatPoints(preview.balanceAfter)} pontos</dd>
          </div>
        )}
        {address && !addressFormOpen && (
          <div>
            <dt>{orderAddress ? 'Entrega neste resgate em' : 'Entrega em'}</dt>
            <dd>{addressLine(address)}</dd>
          </div>
        )}
      </dl>
      {preview.balanceAfter === null && (
        <p className="alert alert--error">
          Faltam {formatPoints(reward.points - preview.balance)} pontos para este prêmio.
        </p>
      )}
      {reward.needsAddress && !address && (
        <p className="alert alert--info">
          Seu perfil ainda não tem um endereço completo. Informe onde entregar este prêmio.
        </p>
      )}
      {addressFormOpen ? (
        <Suspense fallback={<Spinner label="Carregando o formulário de endereço" />}>
          <DeliveryAddressForm
            start={address}
            onUse={(chosen) => {
              setOrderAddress(chosen);
              setEditingAddress(false);
            }}
            onKeep={address ? () => setEditingAddress(false) : undefined}
          />
        </Suspense>
      ) : (
        reward.needsAddress && (
          <p>
            <button type="button" className="button button--secondary" onClick={() => setEditingAddress(true)}>
              Alterar endereço desta entrega
            </button>
          </p>
        )
      )}
      {sendError && (
        <p className="alert alert--error" role="alert">
          {sendError}
        </p>
      )}
      <div className="reward-confirm__actions">
        {!addressFormOpen && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void confirm()}
            disabled={sending || preview.balanceAfter === null}
          >
            {sending ? 'Confirmando…' : `Confirmar troca por ${formatPoints(reward.points)} pontos`}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={sending}>
          Voltar
        </button>
      </div>
    </section>
  );
}
