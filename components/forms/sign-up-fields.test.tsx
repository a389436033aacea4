import { act, render, screen, within } from '@testing-library/react';
import { SignUpFields, useSignUpForm } from './sign-up-fields';

function SignUp({ validate = false }: { validate?: boolean }) {
  const form = useSignUpForm();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (validate) void form.trigger('acceptTerms');
      }}
    >
      <SignUpFields form={form} />
      <button type="submit">Continuar</button>
    </form>
  );
}

describe('SignUpFields', () => {
  it('starts with every consent unticked: the terms and each marketing opt-in are the person\'s own act (LGPD)', () => {
    render(<SignUp />);
    const optIns = screen.getByRole('group', { name: 'Quero receber novidades e promoções do clube' });
    const boxes = within(optIns).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.name, box.checked])).toEqual([
      ['acceptEmailComunications', false],
      ['acceptMessageComunications', false],
    ]);
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });

  it('tells, beside the privacy consent, what the club records about the device and why', () => {
    render(<SignUp />);
    const terms = screen.getByRole('checkbox', { name: /termos de uso/ });
    expect(terms).toHaveAccessibleDescription(/contra fraudes.*modelo, navegador, endereço IP/);
    expect(screen.getByText(/A localização só é lida se você já a tiver permitido/)).toBeVisible();
  });

  it('keeps the device note in the description when the consent is missing, after the error', async () => {
    render(<SignUp validate />);
    await act(async () => screen.getByRole('button', { name: 'Continuar' }).click());
    const terms = screen.getByRole('checkbox', { name: /termos de uso/ });
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription(/^Para participar, aceite os termos.*contra fraudes/);
  });
});
