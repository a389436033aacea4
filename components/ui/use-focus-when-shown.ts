'use client';
import { useEffect, useRef } from 'react';

/**
 * Moves focus to a form's result message when it appears (give the element `tabIndex={-1}`), so a keyboard or
 * screen-reader user lands on what happened instead of staying on the button below or above it.
 */
export function useFocusWhenShown<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
