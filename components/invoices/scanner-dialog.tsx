'use client';
import { lazy, Suspense } from 'react';
import { Modal } from '../ui/modal';
import { Spinner } from '../ui/spinner';

// The camera code (and the ZXing fallback inside it) is fetched only when the member opens the scanner.
const BarcodeScanner = lazy(() => import('./barcode-scanner'));

/** The camera dialog of the invoice form: the access key read from the barcode goes to `onDetected`. */
export function ScannerDialog({ onDetected, onClose }: { onDetected: (value: string) => void; onClose: () => void }) {
  return (
    <Modal open title="Ler a chave com a câmera" onClose={onClose}>
      <Suspense fallback={<Spinner label="Abrindo a câmera" />}>
        <BarcodeScanner onDetected={onDetected} />
      </Suspense>
    </Modal>
  );
}
