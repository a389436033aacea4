import { render } from '@testing-library/react';
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

describe('Modal', () => {
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
