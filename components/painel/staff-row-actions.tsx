'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { errorMessage } from '@/lib/apollo/errors';
import {
  MStaffResetAuthenticator,
  MStaffSetDisabled,
  MStaffSetRoles,
  type MStaffResetAuthenticatorMutation,
  type StaffAccountFieldsFragment,
} from '@/lib/painel/operations';
import type { StaffRole } from '@/common/painel/roles';
import { staffRolesSchema } from '@/common/painel/schemas';
import { FormAlert } from '../ui/form-alert';
import { Modal } from '../ui/modal';
import { SubmitButton } from '../ui/submit-button';
import { RoleChoices } from './role-choices';
import { usePainelMutation } from './use-painel-mutation';

type Invitation = MStaffResetAuthenticatorMutation['staffResetAuthenticator'];
type Dialog = 'roles' | 'disable' | 'reset' | null;

const rolesFormSchema = z.object({ roles: staffRolesSchema });

type Changed = (account: StaffAccountFieldsFragment) => void;

function RolesForm({
  account,
  onChanged,
  onDone,
}: {
  account: StaffAccountFieldsFragment;
  onChanged: Changed;
  onDone: () => void;
}) {
  const [setRoles, { loading }] = usePainelMutation(MStaffSetRoles);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<{ roles: StaffRole[] }, unknown, { roles: StaffRole[] }>({
    resolver: zodResolver(rolesFormSchema),
    defaultValues: { roles: [...account.roles] },
  });
  const submit = form.handleSubmit(async ({ roles }) => {
    setServerError(null);
    try {
      onChanged((await setRoles({ id: account.id, roles })).staffSetRoles);
      onDone();
    } catch (error) {
      setServerError(errorMessage(error as never));
    }
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert message={serverError} />
      <RoleChoices
        idPrefix={`funcoes-${account.id}`}
        registration={form.register('roles')}
        error={form.formState.errors.roles?.message}
      />
      <SubmitButton busy={loading} busyLabel="Salvando…">
        Salvar funções
      </SubmitButton>
    </form>
  );
}

/**
 * What an admin can do to one account: change its roles, disable or enable it, refazer its authenticator. The account
 * as the API returns it goes to `onChanged`, for the list to show.
 */
export function StaffRowActions({
  account,
  isSelf,
  onChanged,
  onNewLink,
}: {
  account: StaffAccountFieldsFragment;
  isSelf: boolean;
  onChanged: Changed;
  onNewLink: (invitation: Invitation) => void;
}) {
  const [open, setOpen] = useState<Dialog>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [setDisabled, disabling] = usePainelMutation(MStaffSetDisabled);
  const [reset, resetting] = usePainelMutation(MStaffResetAuthenticator);
  const disabled = account.status === 'DISABLED';
  const close = () => {
    setOpen(null);
    setProblem(null);
  };
  const toggle = async () => {
    try {
      onChanged((await setDisabled({ id: account.id, disabled: !disabled })).staffSetDisabled);
      close();
    } catch (error) {
      setProblem(errorMessage(error as never));
    }
  };
  const redo = async () => {
    try {
      const data = await reset({ id: account.id });
      onChanged(data.staffResetAuthenticator.account);
      close();
      onNewLink(data.staffResetAuthenticator);
    } catch (error) {
      setProblem(errorMessage(error as never));
    }
  };
  return (
    <div className="painel-row-actions">
      <button type="button" className="button button--ghost" onClick={() => setOpen('roles')}>
        Funções<span className="visually-hidden"> de {account.name}</span>
      </button>
      {!isSelf && (
        <button type="button" className="button button--ghost" onClick={() => setOpen('disable')}>
          {disabled ? 'Reativar' : 'Desativar'}
          <span className="visually-hidden"> {account.name}</span>
        </button>
      )}
      <button type="button" className="button button--ghost" onClick={() => setOpen('reset')}>
        Refazer acesso<span className="visually-hidden"> de {account.name}</span>
      </button>

      <Modal open={open === 'roles'} title={`Funções de ${account.name}`} onClose={close}>
        <RolesForm account={account} onChanged={onChanged} onDone={close} />
      </Modal>
      <Modal
        open={open === 'disable'}
        title={disabled ? `Reativar ${account.name}?` : `Desativar ${account.name}?`}
        onClose={close}
      >
        <p>
          {disabled
            ? 'A pessoa volta a poder entrar no painel com a senha e o autenticador que já tem.'
            : 'A pessoa sai do painel agora, em todos os aparelhos, e não consegue entrar até ser reativada.'}
        </p>
        <FormAlert message={problem} />
        <button
          type="button"
          className="button button--primary"
          disabled={disabling.loading}
          onClick={() => void toggle()}
        >
          {disabled ? 'Reativar conta' : 'Desativar conta'}
        </button>
      </Modal>
      <Modal open={open === 'reset'} title={`Refazer o acesso de ${account.name}?`} onClose={close}>
        <p>
          Para um celular perdido ou trocado: o autenticador atual deixa de valer agora, as sessões abertas terminam e
          um novo link de ativação é criado, para a pessoa criar uma senha e cadastrar o novo autenticador.
        </p>
        <FormAlert message={problem} />
        <button
          type="button"
          className="button button--primary"
          disabled={resetting.loading}
          onClick={() => void redo()}
        >
          Refazer e gerar link
        </button>
      </Modal>
    </div>
  );
}
