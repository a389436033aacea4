'use client';
import { QrCode } from '../ui/qr-code';

/** The hand-off link as a QR the customer reads with their own phone. */
export function HandoffQr({ url }: { url: string }) {
  return <QrCode value={url} className="kiosk-qr" label="QR code com o link para terminar o cadastro no seu celular" />;
}
