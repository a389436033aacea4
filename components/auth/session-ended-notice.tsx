'use client';
import { useEffect, useState } from 'react';
import { takeSessionEndMessage } from '@/lib/session/end-reason';

/**
 * Said on the login screen when this device's session was ended elsewhere ("Aparelhos conectados" on another device),
 * so the member knows why they are asked to log in again. Said once: the reason is taken from session storage.
 */
export function SessionEndedNotice() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const taken = takeSessionEndMessage();
    if (taken) setMessage(taken);
  }, []);
  if (!message) return null;
  return (
    <p role="status" className="alert alert--info">
      {message} Para continuar aqui, entre de novo.
    </p>
  );
}
