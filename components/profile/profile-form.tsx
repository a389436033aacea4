'use client';
import { useMutation, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { isoToBrDate, maskDate } from '@/lib/format/masks';
import { MUpdateProfile, QProfileOptions } from '@/lib/graphql/profile-operations';
import { GENDERS, profileSchema, type ProfileData, type ProfileFormInput } from '@/lib/validation/profile-schema';
import { useFormServerError } from '../auth/use-form-server-error';
import { CheckboxField } from '../ui/checkbox-field';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { AddressFields, addressFormValues, type AddressValues, type StoredAddress } from './address-fields';
import { maskedChange } from '../ui/masked-change';

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

/** Birth date, gender, career, address by CEP and communication preferences: /completar-cadastro/dados and /perfil. */
export function ProfileForm({
  user,
  submitLabel,
  onSaved,
}: {
  user: ProfileFormUser;
  submitLabel: string;
  onSaved: (status: ProfileStatusAfterSave) => void;
}) {
  const { data: options, loading: loadingOptions } = useQuery(QProfileOptions);
  const [save, { loading }] = useMutation(MUpdateProfile);
  const form = useForm<ProfileFormInput, unknown, ProfileData>({
    resolver: zodResolver(profileSchema()),
    defaultValues: {
      birthDate: isoToBrDate(user.birthDate),
      gender: (user.gender ?? '') as ProfileFormInput['gender'],
      careerId: user.career?.id ?? '',
      ...addressFormValues(user),
      acceptEmailComunications: user.acceptEmailComunications,
      acceptMessageComunications: user.acceptMessageComunications,
    },
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

  const onSubmit = handleSubmit(async () => {
    clearServerError();
    setSaved(false);
    try {
      const { data } = await save({ variables: { input: getValues() } });
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
      <AddressFields form={form as unknown as UseFormReturn<AddressValues>} states={options?.states ?? []} />
      <fieldset className="fieldset">
        <legend>Quero receber novidades e promoções do clube</legend>
        <CheckboxField label="Por e-mail" {...register('acceptEmailComunications')} />
        <CheckboxField label="Por SMS e WhatsApp" {...register('acceptMessageComunications')} />
      </fieldset>
      {saved && (
        <p className="alert alert--info" role="status">
          Dados salvos.
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={loading}>
        {loading ? 'Salvando…' : submitLabel}
      </button>
    </form>
  );
}
