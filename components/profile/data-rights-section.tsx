'use client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '@/lib/apollo/errors';
import { MDeleteAccount, QMyData } from '@/lib/profile/operations';
import { downloadText } from '@/lib/profile/photo';
import { logout } from '@/lib/session/logout';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { DeleteAccountInput } from '@/common/validation/profile-schema';
import { useFormServerError } from '../forms/use-form-server-error';
import { CheckboxField } from '../ui/checkbox-field';
import { Modal } from '../ui/modal';
import { PasswordField } from '../ui/password-field';

/** LGPD rights in /perfil: a JSON copy of the member's data, and closing the account. */
export function DataRightsSection() {
  const client = useApolloClient();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setError(null);
    setDownloading(true);
    try {
      const { data } = await client.query({ query: QMyData, fetchPolicy: 'no-cache' });
      if (data)
        downloadText(`meus-dados-clube-do-marceneiro-${new Date().toISOString().slice(0, 10)}.json`, data.myData);
    } catch (e) {
      setError(errorMessage(e as Error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="form">
      <p className="muted">Você pode baixar uma cópia de tudo o que o clube guarda sobre você, ou excluir sua conta.</p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary button--block"
        onClick={() => void download()}
        disabled={downloading}
      >
        {downloading ? 'Preparando…' : 'Baixar meus dados'}
      </button>
      {/* Quiet on purpose: the last thing on the page, and the dialog asks the password and a confirmation. */}
      <p className="data-rights__delete">
        <button type="button" className="link-button" onClick={() => setDeleting(true)}>
          Excluir minha conta
        </button>
      </p>
      <DeleteAccountModal open={deleting} onClose={() => setDeleting(false)} />
    </div>
  );
}

function DeleteAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useApolloClient();
  const router = useRouter();
  const [remove, { loading }] = useMutation(MDeleteAccount);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountInput>({
    resolver: useLazyZodResolver(() => import('@/common/validation/profile-schema').then((m) => m.deleteAccountSchema)),
    defaultValues: { password: '', confirmation: false as unknown as true },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(setError, ['password']);
  const onSubmit = handleSubmit(async (values) => {
    clearServerError();
    try {
      await remove({ variables: { password: values.password } });
      await logout({ client, navigate: (path) => router.replace(`${path}?conta=excluida`) });
    } catch (error) {
      showServerError(error);
    }
  });
  return (
    <Modal open={open} title="Excluir minha conta" onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p>
          Sua conta será desativada e seus dados pessoais serão apagados. Seus pontos deixam de poder ser usados. Isso
          não pode ser desfeito.
        </p>
        {serverError && (
          <p className="alert alert--error" role="alert">
            {serverError}
          </p>
        )}
        <PasswordField
          label="Sua senha"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <CheckboxField
          label="Entendo que a exclusão não pode ser desfeita"
          error={errors.confirmation?.message}
          {...register('confirmation')}
        />
        <button type="submit" className="button button--danger button--block" disabled={loading}>
          {loading ? 'Excluindo…' : 'Excluir definitivamente'}
        </button>
      </form>
    </Modal>
  );
}
