import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}

/** A labelled select whose error message sits next to it and is announced with it. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, id, className, children, ...select },
  ref,
) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select ref={ref} className="field__input" {...control} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
});
