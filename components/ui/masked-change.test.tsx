import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { maskPhone } from '@/common/format/masks';
import { changePhoneSchema } from '@/common/validation/profile-schema';
import { maskedChange } from './masked-change';
import { TextField } from './text-field';

function PhoneForm() {
  const form = useForm<{ phoneNumber: string }>({
    resolver: zodResolver(changePhoneSchema),
    defaultValues: { phoneNumber: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <TextField
        label="Celular"
        error={form.formState.errors.phoneNumber?.message}
        {...form.register('phoneNumber', { onChange: maskedChange(form, 'phoneNumber', maskPhone) })}
      />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('maskedChange', () => {
  it('clears "Celular inválido" as soon as a pasted number with +55 becomes a valid celular', async () => {
    render(<PhoneForm />);
    const field = screen.getByLabelText('Celular');
    fireEvent.change(field, { target: { value: '1198' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Celular inválido/)).toBeInTheDocument();

    fireEvent.change(field, { target: { value: '+55 11 98765-4321' } });
    expect(field).toHaveValue('(11) 98765-4321');
    await waitFor(() => expect(screen.queryByText(/Celular inválido/)).not.toBeInTheDocument());
  });
});
