'use client';
import { useEffect, useState } from 'react';

/**
 * The otpauth:// address as a QR for the authenticator app to read. The encoder is loaded when the QR is shown,
 * as on the kiosk.
 */
export function TotpQr({ uri }: { uri: string }) {
  const [rows, setRows] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void import('@/lib/qr/qr-matrix').then(({ qrMatrix }) => {
      if (live) setRows(qrMatrix(uri));
    });
    return () => {
      live = false;
    };
  }, [uri]);
  if (!rows) return <div className="painel-qr painel-qr--loading" aria-hidden="true" />;
  const size = rows.length;
  const path = rows.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg
      className="painel-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR code para cadastrar o clube no aplicativo autenticador"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
