'use client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { isoToBrDate, maskDate } from '@/common/format/masks';
import { MUpdateProfile, QProfileOptions } from '@/lib/profile/operations';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import { GENDERS } from '@/common/validation/profile-options';
import type { ProfileData, ProfileFormInput } from '@/common/validation/profile-schema';
import { useFormServerError } from '../forms/use-form-server-error';
import { CheckboxField } from '../ui/checkbox-field';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { AddressFields, addressFormValues, type AddressValues, type StoredAddress } from '../forms/address-fields';
import { maskedChange } from '../ui/masked-change';
import { useFocusWhenShown } from '../ui/use-focus-when-shown';

export interface ProfileFormUser extends StoredAddress {
  birthDate?: string | null;
  gender?: string | null;
  career?: { id: string } | null;
  acceptEmailComunications: boolean;
  acceptMessageComunications: boolean;
}

export interface ProfileStatusAfterSave {
  hasBasicProfile: boolean;
  hasPhoneNumber: boolean;
  changePasswordRequired: boolean;
}

const FIELDS = [
  'birthDate',
  'gender',
  'careerId',
  'cep',
  'address',
  'number',
  'complement',
  'district',
  'stateId',
  'cityName',
] as const;

/** Which fields a form shows: all of them (completing the sign-up), or one section of /perfil. */
export type ProfileFormPart = 'all' | 'personal' | 'address';

const PERSONAL_KEYS = [
  'birthDate',
  'gender',
  'careerId',
  'acceptEmailComunications',
  'acceptMessageComunications',
] as const;
const ADDRESS_KEYS = ['cep', 'address', 'number', 'complement', 'district', 'stateId', 'cityName'] as const;

const SAVED_TEXT: Record<ProfileFormPart, string> = {
  all: 'Dados salvos.',
  personal: 'Dados pessoais salvos.',
  address: 'Endereço salvo.',
};

function storedValues(user: ProfileFormUser): ProfileFormInput {
  return {
    birthDate: isoToBrDate(user.birthDate),
    gender: (user.gender ?? '') as ProfileFormInput['gender'],
    careerId: user.career?.id ?? '',
    ...addressFormValues(user),
    acceptEmailComunications: user.acceptEmailComunications,
    acceptMessageComunications: user.acceptMessageComunications,
  };
}

/**
 * Birth date, gender, career, address by CEP and communication preferences: /completar-cadastro/dados shows them all,
 * /perfil one part per section. The API takes the whole profile, so a part sends the member's saved values (kept
 * fresh by Apollo's cache after another section's save) with its own fields over them.
 */
export function ProfileForm({
  user,
  submitLabel,
  onSaved,
  part = 'all',
}: {
  user: ProfileFormUser;
  submitLabel: string;
  onSaved: (status: ProfileStatusAfterSave) => void;
  part?: ProfileFormPart;
}) {
  const { data: options, loading: loadingOptions } = useQuery(QProfileOptions);
  const [save, { loading }] = useMutation(MUpdateProfile);
  const form = useForm<ProfileFormInput, unknown, ProfileData>({
    resolver: useLazyZodResolver(() => import('@/common/validation/profile-schema').then((m) => m.profileSchema())),
    defaultValues: storedValues(user),
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = form;
  const { serverError, showServerError, clearServerError } = useFormServerError(setError, FIELDS);
  const [saved, setSaved] = useState(false);
  const savedRef = useFocusWhenShown<HTMLParagraphElement>(saved);
  const shows = (which: ProfileFormPart) => part === 'all' || part === which;

  const onSubmit = handleSubmit(async () => {
    clearServerError();
    setSaved(false);
    const values = getValues();
    const own = part === 'personal' ? PERSONAL_KEYS : part === 'address' ? ADDRESS_KEYS : null;
    const input = own ? { ...storedValues(user), ...Object.fromEntries(own.map((k) => [k, values[k]])) } : values;
    try {
      const { data } = await save({ variables: { input } });
      if (data) {
        setSaved(true);
        onSaved(data.updateProfile.profileStatus);
      }
    } catch (error) {
      showServerError(error);
    }
  });

  if (loadingOptions && !options) return <Spinner />;
  const careers = options?.careers ?? [];
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {serverError && (
        <p className="alert alert--error" role="alert">
          {serverError}
        </p>
      )}
      {shows('personal') && (
        <>
          <div className="form__row">
            <TextField
              label="Data de nascimento"
              inputMode="numeric"
              autoComplete="bday"
              placeholder="dd/mm/aaaa"
              error={errors.birthDate?.message}
              {...register('birthDate', {
                onChange: maskedChange(form, 'birthDate', maskDate),
              })}
            />
            <SelectField label="Gênero" error={errors.gender?.message} {...register('gender')}>
              <option value="">Escolha uma opção</option>
              {GENDERS.map((g) => (
                <option key={g.value} value={g.value}>
                  {g.label}
                </option>
              ))}
            </SelectField>
          </div>
          <SelectField label="Profissão" error={errors.careerId?.message} {...register('careerId')}>
            <option value="">Escolha sua profissão</option>
            {careers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </>
      )}
      {shows('address') && (
        <AddressFields form={form as unknown as UseFormReturn<AddressValues>} states={options?.states ?? []} />
      )}
      {shows('personal') && (
        <fieldset className="fieldset">
          <legend>Quero receber novidades e promoções do clube</legend>
          <CheckboxField label="Por e-mail" {...register('acceptEmailComunications')} />
          <CheckboxField label="Por SMS e WhatsApp" {...register('acceptMessageComunications')} />
        </fieldset>
      )}
      {saved && (
        <p ref={savedRef} className="alert alert--info" role="status" tabIndex={-1}>
          {SAVED_TEXT[part]}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={loading}>
        {loading ? 'Salvando…' : submitLabel}
      </button>
    </form>
  );
}
