'use client';
import { useMutation } from '@apollo/client/react';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { maskCnpj } from '@/common/format/masks';
import { MUpdateCnpj } from '@/lib/profile/operations';
import { routes } from '@/common/routes';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { ChangeCnpjInput } from '@/common/validation/profile-schema';
import { useFormServerError } from '../forms/use-form-server-error';
import { TextField } from '../ui/text-field';
import { maskedChange } from '../ui/masked-change';

/** The new CNPJ, with check digits, numeric or alphanumeric (from July 2026); `onSaved` gets the CNPJ the API kept. */
export function ChangeCnpjForm({ onSaved }: { onSaved: (cnpj: string | null) => void }) {
  const [update, { loading }] = useMutation(MUpdateCnpj);
  const form = useForm<ChangeCnpjInput>({
    resolver: useLazyZodResolver(() => import('@/common/validation/profile-schema').then((m) => m.changeCnpjSchema)),
    defaultValues: { cnpj: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(form.setError, ['cnpj']);

  const onSubmit = form.handleSubmit(async () => {
    clearServerError();
    try {
      const { data: result } = await update({ variables: { cnpj: form.getValues('cnpj') } });
      if (result) onSaved(result.updateCnpj.cnpj);
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {serverError && (
        <p className="alert alert--error" role="alert">
          {serverError}
        </p>
      )}
      <TextField
        label="Novo CNPJ"
        autoComplete="off"
        autoCapitalize="characters"
        placeholder="00.000.000/0000-00"
        hint="Aceitamos também o CNPJ com letras, como 12.ABC.345/01DE-35."
        error={form.formState.errors.cnpj?.message}
        {...form.register('cnpj', {
          onChange: maskedChange(form, 'cnpj', maskCnpj),
        })}
      />
      <button type="submit" className="button button--primary button--block" disabled={loading}>
        {loading ? 'Salvando…' : 'Salvar CNPJ'}
      </button>
      <p className="form__links">
        <Link href={routes.profile()}>Voltar ao perfil</Link>
      </p>
    </form>
  );
}
