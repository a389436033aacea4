'use client';
import type { ErrorLike } from '@apollo/client';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';

/**
 * Shows an API error the way members can act on it: each per-field message under its field (the typed values stay),
 * and the overall message in an alert at the top of the form.
 */
export function useFormServerError<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  const [message, setMessage] = useState<string | null>(null);
  const show = (error: unknown) => {
    const perField = fieldErrors(error as ErrorLike);
    for (const [name, text] of Object.entries(perField)) {
      if ((fields as readonly string[]).includes(name)) setError(name as Path<T>, { type: 'server', message: text });
    }
    setMessage(errorMessage(error as ErrorLike));
  };
  return { serverError: message, showServerError: show, clearServerError: () => setMessage(null) };
}
