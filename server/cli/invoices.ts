import { decimalToCents } from '../../common/invoices/nfe-xml';
import { userInfo } from 'node:os';
import { formatStaffTime } from '../../common/format/dates';
import { sefazStatusClient } from '../adapters/sefaz-status';
import { hideCnpj } from '../privacy/hide';
import {
  approveInvoice,
  type KeyedItem,
  auditStoredXml,
  checkApprovedInvoicesNow,
  nfeTrustStoreOf,
  pendingInvoices,
  rejectInvoice,
  reverseInvoiceApproval,
  SEFAZ_CHECK_RULES,
  type SefazCheckLine,
  type SefazCheckReport,
} from '../modules/invoices';
import { terminalActor } from '../modules/staff';
import { createFileStorage } from '../storage/from-config';
import { REVIEW_INPUT_OPTIONS, runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run invoices -- list                              notas aguardando análise
  npm run invoices -- approve <id> [--points N [--reason "motivo"]] [--confirm]
                                                        aprova (pontos das regras, ou N; numa foto, o motivo dos
                                                        pontos fica na auditoria); --confirm confirma uma
                                                        nota com alerta ou acima de REVIEW_CONFIRM_POINTS; acima de
                                                        REVIEW_FOUR_EYES_POINTS fica pedida até outra pessoa da
                                                        equipe confirmar no painel
  npm run invoices -- approve <id> --item <gtin>:<qtd>:<valor> … [--confirm]
                                                        aprova uma foto pelos itens da marca digitados
                                                        (ex.: --item 7893216101004:2:1234,50), com as regras
  npm run invoices -- reject <id> --reason "motivo"     recusa, com o motivo que o membro verá
  npm run invoices -- reverse <id> --reason "motivo"    estorna a aprovação: debita os pontos e avisa o membro
  npm run invoices -- sefaz-check                       confere agora na Sefaz as notas aprovadas (canceladas perdem os pontos)
  npm run invoices -- audit-xml                         confere de novo a assinatura e a autorização de cada XML
                                                        guardado e lista os que não passariam hoje (não muda pontos)
Opção: --by "nome" registra na auditoria quem aprovou ou recusou (padrão: o usuário do sistema).`;

/** An access key leaves the terminal as its state and month and its last 4 digits: the rest names the store. */
const maskKey = (key: string) => `${key.slice(0, 6)}…${key.slice(-4)}`;
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

function sefazLine({ invoiceId, accessKey, answer, reversedPoints }: SefazCheckLine): string {
  const head = `#${invoiceId}  chave ${maskKey(accessKey)}  `;
  const said = answer.cStat === null ? answer.reason : `${answer.cStat} ${answer.reason}`;
  switch (answer.status) {
    case 'authorised':
      return `${head}autorizada (${said})`;
    case 'cancelled':
      return reversedPoints === null
        ? `${head}cancelada (${said}): nada mudou, a nota já não estava aprovada`
        : `${head}cancelada (${said}): ${reversedPoints} pontos estornados, nota recusada e membro avisado`;
    case 'not_found':
      return `${head}não consta na Sefaz (${said}): confira a nota e a URL do autorizador`;
    case 'unknown':
      return `${head}sem resposta conclusiva (${said}): volta na próxima conferência`;
    case 'unavailable':
      return `${head}Sefaz indisponível (${said}): volta na próxima conferência`;
  }
}

function sefazSummary({ lines, notAsked }: SefazCheckReport): string {
  const count = (status: SefazCheckLine['answer']['status']) => lines.filter((l) => l.answer.status === status).length;
  const reversed = lines.reduce((sum, l) => sum + (l.reversedPoints ?? 0), 0);
  const later = count('unknown') + count('unavailable') + notAsked;
  return `Conferidas ${lines.length} notas: ${count('authorised')} autorizadas, ${count('cancelled')} canceladas (${reversed} pontos estornados), ${count('not_found')} não encontradas, ${later} para a próxima conferência.`;
}

/** `7893216101004:2:1234,50` → the GTIN, the quantity and the value in cents; a malformed one is refused there. */
function keyedItem(text: string): KeyedItem {
  const [gtin = '', quantity = '', value = ''] = text.split(':');
  return {
    gtin,
    quantity: quantity.replace(',', '.'),
    valueCents: decimalToCents(value.replace(/\./g, value.includes(',') ? '' : '.').replace(',', '.')) ?? -1,
  };
}

runCli({
  usage: USAGE,
  options: {
    points: { type: 'string' },
    item: { type: 'string', multiple: true },
    reason: { type: 'string' },
    by: { type: 'string' },
    confirm: { type: 'boolean' },
  },
  inputOptions: REVIEW_INPUT_OPTIONS,
  async run({ positionals: [command, rawId], values, config, database, print }) {
    const db = await database();
    const deps = { db, config };
    if (command === 'list') {
      const rows = await pendingInvoices(db);
      if (rows.length === 0) print('Nenhuma nota aguardando análise.');
      for (const r of rows) {
        const total = r.total_cents === null ? 'sem valor (foto/PDF)' : money.format(r.total_cents / 100);
        print(
          `#${r.id}  ${r.status}  ${formatStaffTime(r.created_at)}  ${r.name}  chave ${r.access_key}  emitente ${hideCnpj(r.issuer_cnpj)}  ${total}${r.review_reason ? `  ✗ ${r.review_reason}` : ''}${r.flag_reason ? `  ⚑ ${r.flag_reason}` : ''}${r.risk_reason ? `  ⚠ ${r.risk_reason}` : ''}`,
        );
      }
      return;
    }
    if (command === 'sefaz-check') {
      if (!config.sefazStatus) {
        throw new Error(
          'A consulta à Sefaz está desligada: defina SEFAZ_STATUS_URL e o certificado do clube (docs/sefaz-status.md).',
        );
      }
      const report = await checkApprovedInvoicesNow(
        db,
        sefazStatusClient(config.sefazStatus, config.outbound),
        new Date(config.now()),
      );
      if (!report) {
        print('Uma conferência na Sefaz já está em andamento em outro processo. Tente de novo mais tarde.');
        return 1;
      }
      if (report.lines.length === 0 && report.notAsked === 0) {
        print(
          `Nenhuma nota a conferir: as aprovadas nos últimos ${SEFAZ_CHECK_RULES.windowDays} dias e emitidas há ${SEFAZ_CHECK_RULES.waitDays} dias ou mais já foram conferidas.`,
        );
        return;
      }
      for (const line of report.lines) print(sefazLine(line));
      print(sefazSummary(report));
      return;
    }
    if (command === 'audit-xml') {
      const storage = createFileStorage(config);
      try {
        const { checked, findings } = await auditStoredXml({ db, storage, nfeTrust: nfeTrustStoreOf(config) });
        for (const f of findings) print(`#${f.invoiceId}  ${f.status}  chave ${maskKey(f.accessKey)}  ${f.reason}`);
        print(
          findings.length === 0
            ? `${checked} XML conferidos: todos passariam hoje.`
            : `${checked} XML conferidos: ${findings.length} não passariam hoje. Nenhum ponto foi alterado.`,
        );
      } finally {
        await storage.close();
      }
      return;
    }
    const id = Number(rawId);
    if (!Number.isInteger(id) || id <= 0) throw new UsageError();
    const actor = terminalActor(values.by?.trim() || userInfo().username);
    if (command === 'approve') {
      const points = values.points === undefined ? undefined : Number(values.points);
      const invoice = await approveInvoice(deps, actor, id, points, {
        confirmed: values.confirm === true,
        ...(values.item ? { items: values.item.map(keyedItem) } : {}),
        ...(values.reason !== undefined ? { reason: values.reason } : {}),
      });
      print(
        invoice.status === 'approved'
          ? `Nota #${invoice.id} aprovada: ${invoice.points ?? 0} pontos creditados.`
          : `Nota #${invoice.id}: aprovação pedida. Nenhum ponto foi creditado: outra pessoa da equipe confirma no painel.`,
      );
    } else if (command === 'reject') {
      const invoice = await rejectInvoice(deps, actor, id, values.reason ?? '');
      print(`Nota #${invoice.id} recusada: ${invoice.rejection_reason}`);
    } else if (command === 'reverse') {
      const { invoice, reversedPoints } = await reverseInvoiceApproval(deps, actor, id, values.reason ?? '');
      print(`Nota #${invoice.id}: aprovação estornada, ${reversedPoints} pontos debitados e membro avisado.`);
    } else {
      throw new UsageError();
    }
  },
});
