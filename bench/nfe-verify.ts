import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseNfeXml } from '../common/invoices/nfe-xml';
import { withCheckDigit } from '../common/validation/access-key';
import { verifyNfe } from '../server/modules/invoices/nfe-trust/verify-nfe';
import { nfeTestPki, signedNfeXml } from '../server/modules/invoices/test/nfe-test-pki';

/**
 * The cost of the automatic review's authenticity check on a big note: a signed and authorised NF-e of 500 items,
 * each with the fields and taxes a real one carries (about 40 elements),
 * read by the parser and verified (both proofs) N times. Run with `node --import tsx bench/nfe-verify.ts [N] [items]`
 * (default 40 times, 500 items); not part of `npm test`.
 */
function main(): void {
  const runs = Math.min(Math.max(Number(process.argv[2] ?? 40) || 40, 1), 1000);
  const count = Math.min(Math.max(Number(process.argv[3] ?? 500) || 500, 1), 990);
  const dir = mkdtempSync(path.join(tmpdir(), 'clube-bench-nfe-'));
  try {
    const pki = nfeTestPki(dir);
    const items = Array.from({ length: count }, (_, i) => ({
      description: `Chapa MDF 18mm 2750x1830 branco TX item ${i + 1}`,
      quantity: '2.0000',
      unit: 'UN',
      total: '189.90',
    }));
    const xml = signedNfeXml(
      {
        accessKey: withCheckDigit('3526115871652300011955001000123456100012345'),
        buyerCpf: '11144477735',
        issuedAt: '2026-11-20T10:00:00-03:00',
        total: (count * 189.9).toFixed(2),
        items,
        fullItems: true,
      },
      pki,
    );
    const times: number[] = [];
    // CPU time too: on a shared machine the wall clock also counts the time other processes had the cores.
    const cpuStart = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      const start = process.hrtime.bigint();
      const parsed = parseNfeXml(xml);
      if (!parsed.ok) throw new Error(parsed.message);
      const verification = verifyNfe(xml, parsed.data, pki.store);
      if (!verification.ok) throw new Error(verification.reason);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const cpu = process.cpuUsage(cpuStart);
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
    console.log(
      `NF-e de ${count} itens (${(Buffer.byteLength(xml) / 1024).toFixed(0)} KiB), leitura + as duas provas, ${runs} vezes: ` +
        `mediana ${at(0.5)} ms, p90 ${at(0.9)} ms, máx. ${at(1)} ms por XML (relógio); ` +
        `${((cpu.user + cpu.system) / 1000 / runs).toFixed(1)} ms de CPU por XML`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
