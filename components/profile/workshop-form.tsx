'use client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { MUpdateUserWoodWork } from '@/lib/profile/operations';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { WorkshopData, WorkshopFormInput } from '@/common/validation/profile-schema';
import { useFormServerError } from '../forms/use-form-server-error';
import { TextField } from '../ui/text-field';
import { useFocusWhenShown } from '../ui/use-focus-when-shown';
import {
  AddressFields,
  addressFormValues,
  type AddressValues,
  type StateOption,
  type StoredAddress,
} from '../forms/address-fields';

export interface WorkshopValues extends StoredAddress {
  corporateName?: string | null;
  fantasyName?: string | null;
  siteUrl?: string | null;
  instagramUrl?: string | null;
  facebookUrl?: string | null;
}

const FIELDS = [
  'corporateName',
  'fantasyName',
  'cep',
  'address',
  'number',
  'complement',
  'district',
  'stateId',
  'cityName',
  'siteUrl',
  'instagramUrl',
  'facebookUrl',
] as const;

/** The member's workshop: names, address (same CEP flow) and links. Every field is optional. */
export function WorkshopForm({
  workshop,
  states,
}: {
  workshop: WorkshopValues | null;
  states: readonly StateOption[];
}) {
  const [save, { loading }] = useMutation(MUpdateUserWoodWork);
  const [saved, setSaved] = useState(false);
  const savedRef = useFocusWhenShown<HTMLParagraphElement>(saved);
  const form = useForm<WorkshopFormInput, unknown, WorkshopData>({
    resolver: useLazyZodResolver(() => import('@/common/validation/profile-schema').then((m) => m.workshopSchema)),
    defaultValues: {
      corporateName: workshop?.corporateName ?? '',
      fantasyName: workshop?.fantasyName ?? '',
      ...addressFormValues(workshop),
      siteUrl: workshop?.siteUrl ?? '',
      instagramUrl: workshop?.instagramUrl ?? '',
      facebookUrl: workshop?.facebookUrl ?? '',
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const { serverError, showServerError, clearServerError } = useFormServerError(form.setError, FIELDS);
  const onSubmit = form.handleSubmit(async () => {
    clearServerError();
    setSaved(false);
    try {
      await save({ variables: { input: form.getValues() } });
      setSaved(true);
    } catch (error) {
      showServerError(error);
    }
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Dados da marcenaria">
      {serverError && (
        <p className="alert alert--error" role="alert">
          {serverError}
        </p>
      )}
      <TextField
        label="Razão social (opcional)"
        autoComplete="organization"
        error={errors.corporateName?.message}
        {...register('corporateName')}
      />
      <TextField label="Nome fantasia (opcional)" error={errors.fantasyName?.message} {...register('fantasyName')} />
      <AddressFields form={form as unknown as UseFormReturn<AddressValues>} states={states} required={false} />
      <TextField
        label="Site (opcional)"
        type="url"
        inputMode="url"
        placeholder="www.suamarcenaria.com.br"
        error={errors.siteUrl?.message}
        {...register('siteUrl')}
      />
      <TextField
        label="Instagram (opcional)"
        hint="Seu @ ou o endereço do perfil."
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder="@suamarcenaria"
        error={errors.instagramUrl?.message}
        {...register('instagramUrl')}
      />
      <TextField
        label="Facebook (opcional)"
        hint="O @ da página ou o endereço."
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder="@suamarcenaria"
        error={errors.facebookUrl?.message}
        {...register('facebookUrl')}
      />
      {saved && (
        <p ref={savedRef} className="alert alert--info" role="status" tabIndex={-1}>
          Dados da marcenaria salvos.
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={loading}>
        {loading ? 'Salvando…' : 'Salvar marcenaria'}
      </button>
    </form>
  );
}
