'use client';
import { useEffect, useState } from 'react';

/**
 * The hand-off link as a QR the customer reads with their own phone. The encoder is loaded only when a QR is shown,
 * so it weighs nothing on the kiosk's first load.
 */
export function HandoffQr({ url }: { url: string }) {
  const [rows, setRows] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void import('@/lib/qr/qr-matrix').then(({ qrMatrix }) => {
      if (live) setRows(qrMatrix(url));
    });
    return () => {
      live = false;
    };
  }, [url]);
  if (!rows) return <div className="kiosk-qr kiosk-qr--loading" aria-hidden="true" />;
  const size = rows.length;
  const path = rows.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg
      className="kiosk-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR code com o link para terminar o cadastro no seu celular"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
