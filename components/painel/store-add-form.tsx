'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { MStaffAddStore, type StaffStoreFieldsFragment } from '@/lib/painel/operations';
import { routes } from '@/common/routes';
import { newStoreSchema, suggestSlug, UFS, type NewStore, type NewStoreInput } from '@/common/validation/store-schema';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { SubmitButton } from '../ui/submit-button';
import { TextField } from '../ui/text-field';
import { usePainelMutation } from './use-painel-mutation';

const FIELDS = ['slug', 'name', 'city', 'uf', 'cnpj'] as const;
const EMPTY: NewStoreInput = { name: '', slug: '', city: '', uf: '', cnpj: '' };

/** Adds a partner store: the same rules as the API and `npm run stores -- add`, each message under its field. */
export function StoreAddForm({ onAdded }: { onAdded: (store: StaffStoreFieldsFragment) => void }) {
  const [add, { loading }] = usePainelMutation(MStaffAddStore);
  const [serverError, setServerError] = useState<string | null>(null);
  // The address follows the name until someone types one of their own.
  const [slugTouched, setSlugTouched] = useState(false);
  const form = useForm<NewStoreInput, unknown, NewStore>({
    resolver: zodResolver(newStoreSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const name = form.register('name');
  const slug = form.register('slug');

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const data = await add({ input: values });
      form.reset(EMPTY);
      setSlugTouched(false);
      onAdded(data.staffAddStore);
    } catch (error) {
      // The API names fields as `input.slug` or `slug`; the form's are `slug`.
      for (const [key, message] of Object.entries(fieldErrors(error as never))) {
        const field = key.replace(/^input\./, '');
        if ((FIELDS as readonly string[]).includes(field)) form.setError(field as (typeof FIELDS)[number], { message });
      }
      setServerError(errorMessage(error as never));
    }
  });

  return (
    <section className="card painel-store-add" aria-labelledby="painel-nova-loja">
      <h2 id="painel-nova-loja">Cadastrar loja</h2>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert message={serverError} />
        <TextField
          label="Nome da loja"
          autoComplete="off"
          error={errors.name?.message}
          {...name}
          onChange={(event) => {
            void name.onChange(event);
            if (!slugTouched) form.setValue('slug', suggestSlug(event.target.value));
          }}
        />
        <TextField
          label="Endereço do link (slug)"
          hint={`Letras minúsculas, números e hífens: ${routes.promoSignUp()}/loja-centro`}
          autoComplete="off"
          spellCheck={false}
          error={errors.slug?.message}
          {...slug}
          onChange={(event) => {
            setSlugTouched(true);
            void slug.onChange(event);
          }}
        />
        <TextField label="Cidade" autoComplete="off" error={errors.city?.message} {...form.register('city')} />
        <SelectField label="Estado (UF)" error={errors.uf?.message} {...form.register('uf')}>
          <option value="">Escolha</option>
          {UFS.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </SelectField>
        <TextField
          label="CNPJ (opcional)"
          hint="Com ou sem pontuação; as notas deste CNPJ passam a ser desta loja"
          autoComplete="off"
          spellCheck={false}
          error={errors.cnpj?.message}
          {...form.register('cnpj')}
        />
        <SubmitButton busy={loading} busyLabel="Cadastrando…">
          Cadastrar loja
        </SubmitButton>
      </form>
    </section>
  );
}
