'use client';
import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { RewardAddressInput } from '@/lib/graphql/generated/graphql';
import { maskCep } from '@/common/format/masks';
import type { DeliveryAddressData, DeliveryAddressInput } from '@/lib/rewards/delivery-address-schema';
import { QDeliveryStates } from '@/lib/rewards/operations';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import { AddressFields } from '../forms/address-fields';
import { useFocusWhenShown } from '../ui/use-focus-when-shown';

export type DeliveryAddress = RewardAddressInput;

const formValues = (address: DeliveryAddress | null): DeliveryAddressInput => ({
  cep: maskCep(address?.cep ?? ''),
  address: address?.address ?? '',
  number: address?.number ?? '',
  complement: address?.complement ?? '',
  district: address?.district ?? '',
  // Set from the UF once the states have come (the form holds the state's id, as the profile's does).
  stateId: '',
  cityName: address?.city ?? '',
});

/**
 * Where this one order goes, in the profile's address fields (the CEP fills street, district, state and city). The
 * profile itself is not changed: the address travels with the redemption only.
 */
export function DeliveryAddressForm({
  start,
  onUse,
  onKeep,
}: {
  /** The address to start from: the one already chosen for this order, else the profile's (null: none). */
  start: DeliveryAddress | null;
  onUse: (address: DeliveryAddress) => void;
  /** Back to the address shown before; absent when there is none to go back to. */
  onKeep?: () => void;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>(true);
  const { data } = useQuery(QDeliveryStates);
  const states = useMemo(() => data?.states ?? [], [data]);
  const form = useForm<DeliveryAddressInput, unknown, DeliveryAddressData>({
    resolver: useLazyZodResolver(() =>
      import('@/lib/rewards/delivery-address-schema').then((m) => m.deliveryAddressSchema),
    ),
    defaultValues: formValues(start),
  });
  const startUf = start?.uf;
  const { getValues, setValue } = form;
  useEffect(() => {
    const state = states.find((s) => s.uf === startUf);
    if (state && !getValues('stateId')) setValue('stateId', state.id);
  }, [states, startUf, getValues, setValue]);

  const submit = form.handleSubmit((values) => {
    const uf = states.find((s) => s.id === values.stateId)?.uf;
    if (!uf) {
      form.setError('stateId', { message: 'Escolha o estado do endereço de entrega.' });
      return;
    }
    onUse({
      cep: values.cep,
      address: values.address,
      number: values.number,
      complement: values.complement || null,
      district: values.district || null,
      city: values.cityName,
      uf,
    });
  });

  return (
    <form className="form reward-address" onSubmit={submit} noValidate aria-labelledby="reward-address-title">
      <h3 id="reward-address-title" ref={heading} tabIndex={-1}>
        Endereço desta entrega
      </h3>
      <p className="muted">Vale só para este resgate: o endereço do seu perfil continua o mesmo.</p>
      <AddressFields form={form} states={states} />
      <div className="reward-confirm__actions">
        <button type="submit" className="button button--primary">
          Usar este endereço
        </button>
        {onKeep && (
          <button type="button" className="button button--secondary" onClick={onKeep}>
            Manter o endereço anterior
          </button>
        )}
      </div>
    </form>
  );
}
