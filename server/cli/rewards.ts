import { existsSync, readFileSync } from 'node:fs';
import { formatStaffTime } from '../../common/format/dates';
import { userInfo } from 'node:os';
import { createMessenger } from '../adapters/messenger';
import {
  cancelOrderByClub,
  correctTracking,
  DEFAULT_CODE_VALIDITY_DAYS,
  deliverOrder,
  generateCodes,
  loadCodes,
  notifyOrderMember,
  releaseOrder,
  importRewards,
  listOrdersForOperator,
  listRewardsForOperator,
  parseStatus,
  separateOrder,
  setRewardStock,
  shipOrder,
  STATUS_LABELS,
} from '../modules/rewards';
import { terminalActor } from '../modules/staff';
import { formatCount } from '../../common/format/numbers';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run rewards -- list                                          prêmios, pontos e estoque
  npm run rewards -- orders [--status solicitado|em-separacao|enviado|entregue|cancelado]
  npm run rewards -- separate <resgate>                            passa a "Em separação"
  npm run rewards -- ship <resgate> --tracking <código> [--carrier "nome"]   enviado (padrão: Correios)
  npm run rewards -- tracking <resgate> --tracking <código> [--carrier "nome"]   corrige o rastreio de um enviado
  npm run rewards -- deliver <resgate>                             entregue
  npm run rewards -- cancel <resgate> --reason "motivo"            cancela e devolve os pontos ao membro
  npm run rewards -- release <resgate>                             libera um resgate retido "em análise"
  npm run rewards -- codes <prêmio> --file codigos.csv [--valid-until AAAA-MM-DD]
                                    carrega códigos de um vale ou curso (uma linha: código[,validade])
  npm run rewards -- codes <prêmio> --generate <n> [--length 8] [--prefix VALE-] [--alphabet …] [--valid-until …]
                                    gera códigos (validade padrão: ${DEFAULT_CODE_VALIDITY_DAYS} dias)
  npm run rewards -- stock <prêmio> <quantidade>                   define o estoque
  npm run rewards -- import [pasta]                                carrega os arquivos (padrão: content/premios)
Opção: --by "nome" registra quem fez (padrão: o usuário do sistema).`;

const day = formatStaffTime;

runCli({
  usage: USAGE,
  options: {
    status: { type: 'string' },
    tracking: { type: 'string' },
    carrier: { type: 'string' },
    reason: { type: 'string' },
    by: { type: 'string' },
    file: { type: 'string' },
    generate: { type: 'string' },
    length: { type: 'string' },
    prefix: { type: 'string' },
    alphabet: { type: 'string' },
    'valid-until': { type: 'string' },
  },
  async run({ positionals: [command, target, extra], values, config, database, print }) {
    if (!command) throw new UsageError();
    const actor = terminalActor(values.by?.trim() || userInfo().username);
    const deps = { db: await database(), config };
    const messenger = createMessenger(deps.db, config, config.now);
    // The member hears of every change the club makes; the change stands even when the message cannot go out.
    const done = async (changed: boolean, id: number, what: string) => {
      print(changed ? `Resgate nº ${id}: ${what}.` : `O resgate nº ${id} já estava assim; nada mudou.`);
      if (!changed) return;
      try {
        await notifyOrderMember({ ...deps, messenger }, id);
      } catch (error) {
        print(`Aviso: o membro não pôde ser avisado agora (${(error as Error).message}).`);
      }
    };
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
          const review = o.review_reason && o.status === 'requested' ? `  EM ANÁLISE: ${o.review_reason}` : '';
          print(
            `#${o.id}  ${STATUS_LABELS[o.status]}  ${o.slug}  ${o.member_name} (membro ${o.user_id})  ${o.points} pontos  ${day(o.created_at)}${shipment}${reason}${review}`,
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
      case 'tracking': {
        if (!target || !values.tracking) throw new UsageError('Informe o novo código de rastreio com --tracking.');
        const { changed, order } = await correctTracking(deps, target, actor, {
          tracking: values.tracking,
          carrier: values.carrier,
        });
        return done(changed, order.id, `rastreio corrigido (${order.carrier} ${order.tracking_code})`);
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
      case 'release': {
        if (!target) throw new UsageError();
        const { changed, order } = await releaseOrder(deps, target, actor);
        return done(changed, order.id, order.status === 'delivered' ? 'liberado; código emitido' : 'liberado');
      }
      case 'codes': {
        if (!target || Boolean(values.file) === Boolean(values.generate)) {
          throw new UsageError('Use --file codigos.csv ou --generate <quantidade>.');
        }
        if (values.file && !existsSync(values.file)) throw new UsageError(`Arquivo não encontrado: ${values.file}`);
        const loaded = values.file
          ? await loadCodes(deps, target, readFileSync(values.file, 'utf8'), actor, {
              validUntil: values['valid-until'],
            })
          : await generateCodes(
              deps,
              target,
              {
                count: values.generate!,
                length: values.length,
                prefix: values.prefix,
                alphabet: values.alphabet,
                validUntil: values['valid-until'],
              },
              actor,
            );
        print(
          `${target}: ${formatCount(loaded.added, 'código novo', 'códigos novos')}${loaded.skipped ? `, ${formatCount(loaded.skipped, 'já existia', 'já existiam')}` : ''}; ${formatCount(loaded.free, 'livre', 'livres')}.`,
        );
        return;
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
