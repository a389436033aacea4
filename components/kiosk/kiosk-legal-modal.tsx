'use client';
import { useState } from 'react';
import { Modal } from '../ui/modal';

/**
 * The terms and the privacy notice, in a modal: a kiosk never opens a link that leaves it (the next customer would
 * find someone else's page, or a browser with no way back).
 */
export function KioskLegalButton({ label = 'Termos de uso e privacidade' }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {label}
      </button>
      <Modal open={open} title="Termos de uso e privacidade" onClose={() => setOpen(false)}>
        <p>
          O Clube do Marceneiro é o programa de relacionamento da marca para profissionais da madeira. A participação é
          gratuita. Com o cadastro, você acumula pontos com notas fiscais de produtos da marca e participa de campanhas
          e promoções.
        </p>
        <p>
          Usamos seu nome, CPF, e-mail, celular e data de nascimento para identificar você, mandar o link de cadastro e
          os avisos que você escolher. A loja onde você se cadastrou fica registrada. Você pode ver, corrigir ou apagar
          seus dados a qualquer momento no seu perfil.
        </p>
        <p>Os textos completos ficam no site do clube e seguem no SMS com o link do cadastro.</p>
        <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
          Fechar
        </button>
      </Modal>
    </>
  );
}
