'use client';
import { useEffect, useState } from 'react';
import { config } from '@/lib/config';

/**
 * "Reenviar código", disabled while it counts down from the configured timer (30 s); the count restarts after
 * every send. The server keeps its own cooldown, so this is a courtesy, not the rule.
 */
export function ResendCodeButton({ onResend, sentAt }: { onResend: () => Promise<void>; sentAt: number }) {
  const [left, setLeft] = useState(config.resendCodeTimerSeconds);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const tick = () => setLeft(Math.max(0, config.resendCodeTimerSeconds - Math.floor((Date.now() - sentAt) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [sentAt]);

  const disabled = left > 0 || sending;
  return (
    <button
      type="button"
      className="button button--secondary button--block"
      disabled={disabled}
      onClick={() => {
        setSending(true);
        void onResend().finally(() => setSending(false));
      }}
    >
      {left > 0 ? `Reenviar código em ${left} s` : sending ? 'Reenviando…' : 'Reenviar código'}
    </button>
  );
}
