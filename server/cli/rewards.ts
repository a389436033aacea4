import { userInfo } from 'node:os';
import {
  cancelOrderByClub,
  deliverOrder,
  importRewards,
  listOrdersForOperator,
  listRewardsForOperator,
  parseStatus,
  separateOrder,
  setRewardStock,
  shipOrder,
  STATUS_LABELS,
} from '../modules/rewards';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run rewards -- list                                          prêmios, pontos e estoque
  npm run rewards -- orders [--status solicitado|em-separacao|enviado|entregue|cancelado]
  npm run rewards -- separate <resgate>                            passa a "Em separação"
  npm run rewards -- ship <resgate> --tracking <código> [--carrier "nome"]   enviado (padrão: Correios)
  npm run rewards -- deliver <resgate>                             entregue
  npm run rewards -- cancel <resgate> --reason "motivo"            cancela e devolve os pontos ao membro
  npm run rewards -- stock <prêmio> <quantidade>                   define o estoque
  npm run rewards -- import [pasta]                                carrega os arquivos (padrão: content/premios)
Opção: --by "nome" registra quem fez (padrão: o usuário do sistema).`;

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');

runCli({
  usage: USAGE,
  options: {
    status: { type: 'string' },
    tracking: { type: 'string' },
    carrier: { type: 'string' },
    reason: { type: 'string' },
    by: { type: 'string' },
  },
  async run({ positionals: [command, target, extra], values, config, database, print }) {
    if (!command) throw new UsageError();
    const actor = values.by?.trim() || userInfo().username;
    const deps = { db: await database(), config };
    const done = (changed: boolean, id: number, what: string) =>
      print(changed ? `Resgate nº ${id}: ${what}.` : `O resgate nº ${id} já estava assim; nada mudou.`);
    switch (command) {
      case 'list': {
        for (const r of await listRewardsForOperator(deps)) {
          const dates = r.active_from || r.active_to ? `  ${r.active_from ?? '…'} → ${r.active_to ?? '…'}` : '';
          print(
            `${r.slug}  ${r.name}  ${r.points.toLocaleString('pt-BR')} pontos  estoque ${r.stock}  limite ${r.per_member_limit ?? '—'}${dates}`,
          );
        }
        return;
      }
      case 'orders': {
        const status = values.status ? parseStatus(values.status) : null;
        const orders = await listOrdersForOperator(deps, status);
        if (orders.length === 0) print('Nenhum resgate.');
        for (const o of orders) {
          const shipment = o.tracking_code ? `  ${o.carrier} ${o.tracking_code}` : '';
          const reason = o.cancel_reason ? `  motivo: ${o.cancel_reason}` : '';
          print(
            `#${o.id}  ${STATUS_LABELS[o.status]}  ${o.slug}  ${o.member_name} (membro ${o.user_id})  ${o.points} pontos  ${day(o.created_at)}${shipment}${reason}`,
          );
        }
        return;
      }
      case 'separate': {
        if (!target) throw new UsageError();
        const { changed, order } = await separateOrder(deps, target, actor);
        return done(changed, order.id, 'em separação');
      }
      case 'ship': {
        if (!target || !values.tracking) throw new UsageError('Informe o código de rastreio com --tracking.');
        const { changed, order } = await shipOrder(deps, target, actor, {
          tracking: values.tracking,
          carrier: values.carrier,
        });
        return done(changed, order.id, `enviado (${order.carrier} ${order.tracking_code})`);
      }
      case 'deliver': {
        if (!target) throw new UsageError();
        const { changed, order } = await deliverOrder(deps, target, actor);
        return done(changed, order.id, 'entregue');
      }
      case 'cancel': {
        if (!target || values.reason === undefined) throw new UsageError('Informe o motivo com --reason "…".');
        const { changed, order } = await cancelOrderByClub(deps, target, actor, values.reason);
        return done(changed, order.id, `cancelado; ${order.points} pontos devolvidos ao membro`);
      }
      case 'stock': {
        if (!target || extra === undefined) throw new UsageError();
        const { before, after } = await setRewardStock(deps, target, extra, actor);
        print(`Estoque de ${target}: ${before} → ${after}.`);
        return;
      }
      case 'import': {
        const { added, updated } = await importRewards(deps, target ?? 'content/premios', actor);
        print(
          `${added.length} prêmio(s) novo(s), ${updated.length} atualizado(s) (o estoque dos existentes não muda).`,
        );
        return;
      }
      default:
        throw new UsageError();
    }
  },
});
