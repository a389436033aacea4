import { approveInvoice, pendingInvoices, rejectInvoice } from '../modules/invoices';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run invoices -- list                              notas aguardando análise
  npm run invoices -- approve <id> [--points N]         aprova (pontos da campanha, ou N)
  npm run invoices -- reject <id> --reason "motivo"     recusa, com o motivo que o membro verá`;

/** Only the last 2 digits of a CNPJ leave the database in a terminal listing. */
const maskCnpj = (cnpj: string) => `**.***.***/****-${cnpj.slice(-2)}`;
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

runCli({
  usage: USAGE,
  options: { points: { type: 'string' }, reason: { type: 'string' } },
  async run({ positionals: [command, rawId], values, config, database, print }) {
    const db = await database();
    const deps = { db, config };
    if (command === 'list') {
      const rows = await pendingInvoices(db);
      if (rows.length === 0) print('Nenhuma nota aguardando análise.');
      for (const r of rows) {
        const total = r.total_cents === null ? 'sem valor (foto/PDF)' : money.format(r.total_cents / 100);
        print(
          `#${r.id}  ${r.status}  ${r.created_at.slice(0, 16).replace('T', ' ')}  ${r.name}  chave ${r.access_key}  emitente ${maskCnpj(r.issuer_cnpj)}  ${total}${r.flag_reason ? `  ⚑ ${r.flag_reason}` : ''}${r.risk_reason ? `  ⚠ ${r.risk_reason}` : ''}`,
        );
      }
      return;
    }
    const id = Number(rawId);
    if (!Number.isInteger(id) || id <= 0) throw new UsageError();
    if (command === 'approve') {
      const points = values.points === undefined ? undefined : Number(values.points);
      const invoice = await approveInvoice(deps, id, points);
      print(`Nota #${invoice.id} aprovada: ${invoice.points ?? 0} pontos creditados.`);
    } else if (command === 'reject') {
      const invoice = await rejectInvoice(deps, id, values.reason ?? '');
      print(`Nota #${invoice.id} recusada: ${invoice.rejection_reason}`);
    } else {
      throw new UsageError();
    }
  },
});
