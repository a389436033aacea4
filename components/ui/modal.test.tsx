import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Modal } from './modal';

function Two({ first, second }: { first: boolean; second: boolean }) {
  return (
    <>
      <Modal open={first} title="Primeiro" onClose={() => {}}>
        um
      </Modal>
      <Modal open={second} title="Segundo" onClose={() => {}}>
        dois
      </Modal>
    </>
  );
}

function Camera() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ler código com a câmera
      </button>
      <Modal open={open} title="Ler a chave com a câmera" onClose={() => setOpen(false)}>
        <button type="button">Dentro</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('gives focus back to the button that opened it when it closes', () => {
    render(<Camera />);
    const opener = screen.getByRole('button', { name: 'Ler código com a câmera' });
    opener.focus();
    fireEvent.click(opener);
    screen.getByRole('button', { name: 'Dentro' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('button', { name: 'Dentro' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps the body class while any modal is open', () => {
    const { rerender } = render(<Two first={false} second={false} />);
    expect(document.body).not.toHaveClass('modal-open');
    rerender(<Two first second />);
    expect(document.body).toHaveClass('modal-open');
    rerender(<Two first={false} second />);
    expect(document.body).toHaveClass('modal-open');
    rerender(<Two first={false} second={false} />);
    expect(document.body).not.toHaveClass('modal-open');
  });
});
