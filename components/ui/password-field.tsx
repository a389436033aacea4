'use client';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { FieldFrame } from './field-frame';
import type { TextFieldProps } from './text-field';

/**
 * A password input with a "Mostrar" button: on a phone in a workshop, a mistyped password is easier to see than to
 * retype. Shown text goes back to dots when its form is sent.
 */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(function PasswordField(
  { label, error, hint, id, className, ...input },
  ref,
) {
  const [visible, setVisible] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  // Back to dots when the form is sent: a password manager must not save a field it saw as plain text.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const hide = () => setVisible(false);
    form.addEventListener('submit', hide);
    return () => form.removeEventListener('submit', hide);
  }, []);
  const setRefs = (node: HTMLInputElement | null) => {
    inputRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <div className="password-field">
          <input
            ref={setRefs}
            className="field__input"
            {...control}
            {...input}
            type={visible ? 'text' : 'password'}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
          />
          <button
            type="button"
            className="password-field__toggle"
            aria-controls={control.id}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? 'Ocultar' : 'Mostrar'}
          </button>
        </div>
      )}
    </FieldFrame>
  );
});
