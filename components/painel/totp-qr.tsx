'use client';
import { QrCode } from '../ui/qr-code';

/** The otpauth:// address as a QR for the authenticator app to read. */
export function TotpQr({ uri }: { uri: string }) {
  return <QrCode value={uri} className="painel-qr" label="QR code para cadastrar o clube no aplicativo autenticador" />;
}
