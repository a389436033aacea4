import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
}

/** A checkbox with its label beside it (a 48px tap target) and its error announced with it. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, error, id, 'aria-describedby': describedBy, ...input },
  ref,
) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = error ? `${inputId}-error` : undefined;
  // A hint given by the form (e.g. what the sign-up collects) is read together with the error, never replaced by it.
  const describedByIds = [errorId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="checkbox-field">
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="checkbox-field__input"
        aria-invalid={error ? true : undefined}
        {...input}
        aria-describedby={describedByIds}
      />
      <label className="checkbox-field__label" htmlFor={inputId}>
        {label}
      </label>
      {error && (
        <p className="field__error checkbox-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
});
