'use client';
import { useEffect, useRef, useState } from 'react';
import { extractAccessKey } from '@/common/validation/access-key';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

const CAMERA_ERROR = 'Não foi possível abrir a câmera. Permita o uso da câmera no navegador ou digite a chave.';

/**
 * Reads the NFC-e QR code or the DANFE barcode with the phone camera: the browser's BarcodeDetector where it
 * exists, the ZXing library otherwise. This whole file is loaded only when the member opens the scanner.
 */
export default function BarcodeScanner({ onDetected }: { onDetected: (key: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [message, setMessage] = useState('Aponte a câmera para o QR code ou o código de barras da nota.');
  const [failed, setFailed] = useState(false);
  const detectedRef = useRef(onDetected);
  detectedRef.current = onDetected;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let zxingControls: { stop: () => void } | undefined;
    const video = videoRef.current;

    const found = (text: string): boolean => {
      const key = extractAccessKey(text);
      if (!key || stopped) return false;
      stopped = true;
      detectedRef.current(key);
      return true;
    };

    async function start() {
      if (!video) return;
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
      if (Detector) {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped) return;
        video.srcObject = stream;
        await video.play();
        const detector = new Detector({ formats: ['qr_code', 'code_128', 'itf'] });
        const tick = async () => {
          if (stopped) return;
          try {
            const codes = await detector.detect(video);
            if (codes.some((c) => found(c.rawValue))) return;
          } catch {
            // A frame the detector could not read; try the next one.
          }
          timer = setTimeout(() => void tick(), 250);
        };
        void tick();
        return;
      }
      const { BrowserMultiFormatReader } = await import('@zxing/browser');
      if (stopped) return;
      const reader = new BrowserMultiFormatReader();
      zxingControls = await reader.decodeFromConstraints(
        { video: { facingMode: 'environment' }, audio: false },
        video,
        (result) => {
          if (result && found(result.getText())) zxingControls?.stop();
        },
      );
      if (stopped) zxingControls.stop();
    }

    start().catch(() => {
      if (stopped) return;
      setFailed(true);
      setMessage(CAMERA_ERROR);
    });
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      zxingControls?.stop();
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="scanner">
      <video
        ref={videoRef}
        className="scanner__video"
        muted
        playsInline
        aria-label="Imagem da câmera"
        hidden={failed}
      />
      <p className={failed ? 'alert alert--error' : 'muted'} role={failed ? 'alert' : 'status'}>
        {message}
      </p>
    </div>
  );
}
