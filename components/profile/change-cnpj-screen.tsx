'use client';
import { useMutation, useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { maskCnpj } from '@/lib/format/masks';
import { MUpdateCnpj, QProfile } from '@/lib/graphql/profile-operations';
import { routes } from '@/lib/routes';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { ChangeCnpjInput } from '@/lib/validation/profile-schema';
import { useFormServerError } from '../forms/use-form-server-error';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { maskedChange } from '../ui/masked-change';

const brDate = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** CNPJ with check digits, numeric or alphanumeric (from July 2026); a change is allowed once every 90 days. */
export function ChangeCnpjScreen() {
  const { data, loading: loadingProfile } = useQuery(QProfile, { fetchPolicy: 'network-only' });
  const [update, { loading }] = useMutation(MUpdateCnpj);
  const [savedCnpj, setSavedCnpj] = useState<string | null>(null);
  const form = useForm<ChangeCnpjInput>({
    resolver: useLazyZodResolver(() => import('@/lib/validation/profile-schema').then((m) => m.changeCnpjSchema)),
    defaultValues: { cnpj: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(form.setError, ['cnpj']);
  const current = data?.me?.userWoodWork;

  const onSubmit = form.handleSubmit(async () => {
    clearServerError();
    try {
      const { data: result } = await update({ variables: { cnpj: form.getValues('cnpj') } });
      if (result) setSavedCnpj(result.updateCnpj.cnpj);
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <h1 id="page-title">Alterar CNPJ</h1>
      {loadingProfile && !data ? (
        <Spinner />
      ) : savedCnpj ? (
        <div className="form">
          <p className="alert alert--info" role="status">
            CNPJ {maskCnpj(savedCnpj)} salvo.
          </p>
          <Link className="button button--primary button--block" href={routes.profile()}>
            Voltar ao perfil
          </Link>
        </div>
      ) : (
        <>
          <p className="muted">
            {current?.cnpj ? (
              <>
                CNPJ atual: <strong>{maskCnpj(current.cnpj)}</strong>.{' '}
              </>
            ) : (
              'Você ainda não informou o CNPJ da sua marcenaria. '
            )}
            O CNPJ pode ser alterado uma vez a cada 90 dias.
          </p>
          {current?.cnpjChangeAllowedFrom && (
            <p className="alert alert--info" role="status">
              Você poderá alterar o CNPJ a partir de {brDate(current.cnpjChangeAllowedFrom)}.
            </p>
          )}
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
        </>
      )}
    </section>
  );
}
