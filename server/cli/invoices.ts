import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { pendingInvoices } from '../modules/invoices/repository';
import { approveInvoice, rejectInvoice } from '../modules/invoices/review';

const USAGE = `Uso:
  npm run invoices -- list                              notas aguardando análise
  npm run invoices -- approve <id> [--points N]         aprova (pontos da campanha, ou N)
  npm run invoices -- reject <id> --reason "motivo"     recusa, com o motivo que o membro verá`;

/** Only the last 4 digits of a CNPJ leave the database in a terminal listing. */
const maskCnpj = (cnpj: string) => `**.***.***/****-${cnpj.slice(-2)}`;
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { points: { type: 'string' }, reason: { type: 'string' } },
  });
  const [command, rawId] = positionals;
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const now = new Date();
    if (command === 'list') {
      const rows = await pendingInvoices(db);
      if (rows.length === 0) console.log('Nenhuma nota aguardando análise.');
      for (const r of rows) {
        const total = r.total_cents === null ? 'sem valor (foto/PDF)' : money.format(r.total_cents / 100);
        console.log(
          `#${r.id}  ${r.status}  ${r.created_at.slice(0, 16).replace('T', ' ')}  ${r.name}  chave ${r.access_key}  emitente ${maskCnpj(r.issuer_cnpj)}  ${total}${r.flag_reason ? `  ⚑ ${r.flag_reason}` : ''}${r.risk_reason ? `  ⚠ ${r.risk_reason}` : ''}`,
        );
      }
      return 0;
    }
    const id = Number(rawId);
    if ((command === 'approve' || command === 'reject') && Number.isInteger(id) && id > 0) {
      if (command === 'approve') {
        const points = values.points === undefined ? undefined : Number(values.points);
        const invoice = await approveInvoice(db, id, now, points);
        console.log(`Nota #${invoice.id} aprovada: ${invoice.points ?? 0} pontos creditados.`);
      } else {
        const invoice = await rejectInvoice(db, id, values.reason ?? '', now);
        console.log(`Nota #${invoice.id} recusada: ${invoice.rejection_reason}`);
      }
      return 0;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
