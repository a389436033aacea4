/**
 * Bytes on the wire of a first visit to each entry page (every request: document, scripts, styles, manifest, API),
 * measured by Chromium itself: `encodedDataLength` is what crossed the network, headers included; the decoded size
 * is what the same visit would cost uncompressed. Not a test: `node --import tsx bench/wire-bytes.ts`.
 */
import { chromium, type CDPSession } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { startLocalServer } from './local-server';

const PAGES = ['/login', '/cadastro', '/recuperar-senha', '/cadastro-promo/loja-centro', '/totem'];

interface Visit {
  requests: number;
  wire: number;
  decoded: number;
}

function countBytes(cdp: CDPSession): () => Visit {
  const decoded = new Map<string, number>();
  const wire = new Map<string, number>();
  cdp.on('Network.dataReceived', (e) => decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength));
  cdp.on('Network.loadingFinished', (e) => wire.set(e.requestId, e.encodedDataLength));
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return () => ({ requests: wire.size, wire: sum(wire), decoded: sum(decoded) });
}

async function main() {
  const server = await startLocalServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(10);
    console.log('First visit, empty cache, every request of the page');
    console.log('page                            requests   on the wire   uncompressed   share');
    for (const page of PAGES) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      const visit = countBytes(cdp);
      await tab.goto(`${server.origin}${page}`, { waitUntil: 'networkidle' });
      const { requests, wire, decoded } = visit();
      console.log(
        `${page.padEnd(32)}${String(requests).padStart(8)}  ${kb(wire)}    ${kb(decoded)}   ${((wire / decoded) * 100).toFixed(0).padStart(4)} %`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
