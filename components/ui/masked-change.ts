import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * onChange for a masked field: writes the masked value and, when the field already shows an error, checks it again
 * at once, so "Celular inválido" goes away as soon as the number is right. (react-hook-form re-checks the raw
 * keystroke, before the mask, and a pasted "+55 11 98765-4321" is only valid once masked.)
 */
export function maskedChange<T extends FieldValues, N extends FieldPath<T>>(
  form: Pick<UseFormReturn<T>, 'setValue' | 'getFieldState'>,
  name: N,
  mask: (value: string) => string,
) {
  return (e: { target: { value: string } }) =>
    form.setValue(name, mask(e.target.value) as PathValue<T, N>, { shouldValidate: form.getFieldState(name).invalid });
}
