import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes `.br` and `.gz` beside every text file of the static export, once, at build time, at the strongest
 * settings: the embedded server (`preCompressed`) and nginx (`gzip_static`, `brotli_static`) then send them without
 * compressing anything per request. A member on a weak phone signal downloads about a fifth of the bytes.
 */
const TEXT = /\.(?:html|js|mjs|css|txt|json|svg|xml|webmanifest|map|ico)$/;
/** Below this, the headers of a compressed answer cost more than they save. */
const MIN_BYTES = 1024;

function* textFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (TEXT.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

export function precompress(root: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const file of textFiles(root)) {
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    files += 1;
    bytes += body.length;
    brotliBytes += br.length;
  }
  return { files, bytes, brotliBytes };
}

if (require.main === module) {
  const root = path.resolve(process.argv[2] ?? 'out');
  const { files, bytes, brotliBytes } = precompress(root);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
  console.log(`Pré-compressão: ${files} arquivos de ${root}, ${kb(bytes)} → ${kb(brotliBytes)} em brotli.`);
}
