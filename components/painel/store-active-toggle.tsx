'use client';
import { useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { MStaffSetStoreActive, type StaffStoreFieldsFragment } from '@/lib/painel/operations';
import { FormAlert } from '../ui/form-alert';
import { Modal } from '../ui/modal';
import { usePainelMutation } from './use-painel-mutation';

/**
 * Disables a store (its link and kiosks stop signing people up) or enables it again, after saying what that does.
 * The store as the API returns it goes to `onChanged`.
 */
export function StoreActiveToggle({
  store,
  onChanged,
  className = 'button button--ghost',
}: {
  store: StaffStoreFieldsFragment;
  onChanged: (store: StaffStoreFieldsFragment) => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [setActive, { loading }] = usePainelMutation(MStaffSetStoreActive);
  const close = () => {
    setOpen(false);
    setProblem(null);
  };
  const confirm = async () => {
    try {
      onChanged((await setActive({ slug: store.slug, active: !store.active })).staffSetStoreActive);
      close();
    } catch (error) {
      setProblem(errorMessage(error as never));
    }
  };
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {store.active ? 'Desativar' : 'Reativar'}
        <span className="visually-hidden"> {store.name}</span>
      </button>
      <Modal open={open} title={store.active ? `Desativar ${store.name}?` : `Reativar ${store.name}?`} onClose={close}>
        <p>
          {store.active
            ? 'O link de cadastro e os totens da loja deixam de vincular novos membros: quem abrir o link lê que a loja não participa mais do clube. Quem já se cadastrou continua no clube.'
            : 'O link de cadastro volta a vincular novos membros à loja. Se um totem da loja pedir configuração, crie um novo código na página da loja.'}
        </p>
        <FormAlert message={problem} />
        <button type="button" className="button button--primary" disabled={loading} onClick={() => void confirm()}>
          {store.active ? 'Desativar loja' : 'Reativar loja'}
        </button>
      </Modal>
    </>
  );
}
