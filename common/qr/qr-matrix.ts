import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';

/**
 * The modules of a QR code for `text`, row by row (true = dark), with the 4-module quiet zone readers need. One
 * encoder for the terminal (`npm run stores -- kiosk`) and the kiosk screen.
 */
export function qrMatrix(text: string): boolean[][] {
  const hints = new Map<EncodeHintType, unknown>([[EncodeHintType.MARGIN, 4]]);
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, hints);
  return Array.from({ length: matrix.getHeight() }, (_, y) =>
    Array.from({ length: matrix.getWidth() }, (_, x) => matrix.get(x, y)),
  );
}

/** The QR drawn with half-block characters, two rows per line, for a terminal with a dark background. */
export function qrText(text: string): string {
  const rows = qrMatrix(text);
  const lines: string[] = [];
  for (let y = 0; y < rows.length; y += 2) {
    const top = rows[y] ?? [];
    const bottom = rows[y + 1] ?? [];
    // Light modules are drawn, dark ones left blank: scanners read the terminal's dark background as dark.
    lines.push(top.map((dark, x) => (dark ? (bottom[x] ? ' ' : '▄') : bottom[x] ? '▀' : '█')).join(''));
  }
  return lines.join('\n');
}
