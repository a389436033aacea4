import { hashPassword, verifyPassword } from '../server/auth/passwords';

/**
 * Login cost: time per argon2id verify at the stored parameters (m=19456, t=2, p=1). Bounded: 50 verifies.
 * Run with `node --import tsx bench/argon2-verify.ts`; not part of `npm test`.
 */
async function main(): Promise<void> {
  const hash = await hashPassword('uma frase de teste para o banco');
  const runs = 50;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await verifyPassword(hash, i % 2 ? 'uma frase de teste para o banco' : 'senha errada');
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  console.log(`argon2id verify, ${runs} runs: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
}

void main();
