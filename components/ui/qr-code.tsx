'use client';
import { useEffect, useState } from 'react';

/**
 * `value` drawn as a QR code (an SVG with its own accessible name). The encoder is loaded only when a QR is shown, so
 * it weighs nothing on the first load of the page that shows one. Used by the kiosk's hand-off, the painel's
 * authenticator set-up and the kiosk code.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className: string }) {
  const [rows, setRows] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void import('@/common/qr/qr-matrix').then(({ qrMatrix }) => {
      if (live) setRows(qrMatrix(value));
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!rows) return <div className={`${className} ${className}--loading`} aria-hidden="true" />;
  const size = rows.length;
  const path = rows.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
