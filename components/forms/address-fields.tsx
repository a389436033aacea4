'use client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { onlyDigits } from '@/common/format/digits';
import { maskCep } from '@/common/format/masks';
import { QCepAddress, QCities } from '@/lib/graphql/operations';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';

export interface AddressValues {
  cep: string;
  address: string;
  number: string;
  complement: string;
  district: string;
  stateId: string;
  cityName: string;
}

/** An address as the API returns it, for the member or for the workshop. */
export interface StoredAddress {
  cep?: string | null;
  address?: string | null;
  number?: string | null;
  complement?: string | null;
  district?: string | null;
  state?: { id: string } | null;
  city?: { name: string } | null;
}

/** The form's starting values for a stored address: the CEP masked, every missing part an empty field. */
export function addressFormValues(stored: StoredAddress | null | undefined): AddressValues {
  return {
    cep: maskCep(stored?.cep ?? ''),
    address: stored?.address ?? '',
    number: stored?.number ?? '',
    complement: stored?.complement ?? '',
    district: stored?.district ?? '',
    stateId: stored?.state?.id ?? '',
    cityName: stored?.city?.name ?? '',
  };
}

export interface StateOption {
  id: string;
  uf: string;
  name: string;
}

type CepStatus = { kind: 'found' | 'missing' | 'searching'; text: string } | null;

/**
 * CEP (masked) that fills street, district, state and city from the API, then number and complement. Every field
 * stays editable, and the city may be typed when it is not in the list.
 */
export function AddressFields({
  form: f,
  states,
  required = true,
}: {
  /** The parent form, seen through its address fields (cast by the caller: its other fields do not matter here). */
  form: UseFormReturn<AddressValues>;
  states: readonly StateOption[];
  required?: boolean;
}) {
  const errors = f.formState.errors as FieldErrors<AddressValues>;
  const client = useApolloClient();
  const [status, setStatus] = useState<CepStatus>(null);
  const stateId = f.watch('stateId');
  const listId = useId();
  const { data: cities } = useQuery(QCities, { variables: { stateId }, skip: !stateId });
  const optional = required ? '' : ' (opcional)';

  const lookUp = async (cep: string) => {
    setStatus({ kind: 'searching', text: 'Buscando o endereço…' });
    try {
      const { data } = await client.query({ query: QCepAddress, variables: { cep }, fetchPolicy: 'network-only' });
      const found = data?.cepAddress;
      if (!found) {
        setStatus({ kind: 'missing', text: 'Não encontramos este CEP. Preencha o endereço abaixo.' });
        return;
      }
      const opts = { shouldValidate: true, shouldDirty: true } as const;
      if (found.address) f.setValue('address', found.address, opts);
      if (found.district) f.setValue('district', found.district, opts);
      if (found.state) f.setValue('stateId', found.state.id, opts);
      f.setValue('cityName', found.cityName, opts);
      setStatus({ kind: 'found', text: 'Endereço encontrado. Confira e informe o número.' });
    } catch {
      setStatus({ kind: 'missing', text: 'Não foi possível buscar o CEP agora. Preencha o endereço abaixo.' });
    }
  };

  return (
    <>
      <TextField
        label={`CEP${optional}`}
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="00000-000"
        hint="Preenchemos o endereço pelo CEP; você pode corrigir qualquer campo."
        error={errors.cep?.message}
        {...f.register('cep', {
          onChange: (e: { target: { value: string } }) => {
            const masked = maskCep(e.target.value);
            f.setValue('cep', masked);
            if (onlyDigits(masked).length === 8) void lookUp(onlyDigits(masked));
            else setStatus(null);
          },
        })}
      />
      {status && (
        <p className={`cep-status cep-status--${status.kind}`} role="status">
          {status.text}
        </p>
      )}
      <TextField
        label={`Endereço${optional}`}
        autoComplete="address-line1"
        error={errors.address?.message}
        {...f.register('address')}
      />
      <div className="form__row">
        <TextField
          label={`Número${optional}`}
          autoComplete="off"
          hint="Sem número? Use S/N."
          error={errors.number?.message}
          {...f.register('number')}
        />
        <TextField
          label="Complemento (opcional)"
          autoComplete="address-line2"
          error={errors.complement?.message}
          {...f.register('complement')}
        />
      </div>
      <TextField label={`Bairro${optional}`} error={errors.district?.message} {...f.register('district')} />
      <div className="form__row">
        <SelectField label={`Estado${optional}`} error={errors.stateId?.message} {...f.register('stateId')}>
          <option value="">Escolha o estado</option>
          {states.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.uf})
            </option>
          ))}
        </SelectField>
        <TextField
          label={`Cidade${optional}`}
          list={listId}
          autoComplete="address-level2"
          hint="Escolha da lista ou digite o nome."
          error={errors.cityName?.message}
          {...f.register('cityName')}
        />
        <datalist id={listId}>
          {(cities?.cities ?? []).map((c) => (
            <option key={c.id} value={c.name} />
          ))}
        </datalist>
      </div>
    </>
  );
}
