import type { NotificationKind } from '../../db/schema';

/**
 * What happened, as the module that changed it says it: each module calls `notify(trx, event, now)` once, in the
 * transaction of its change, and the texts are written here, in one place, so no payload ever carries a token, a
 * CPF or an amount of money.
 */
export type NotificationEvent =
  | { type: 'invoice-approved'; userId: number; label: string; points: number }
  | { type: 'invoice-refused'; userId: number; label: string; reason: string }
  | { type: 'invoice-cancelled'; userId: number; label: string; points: number }
  | { type: 'invoice-received'; userId: number; label: string }
  | { type: 'invoice-reversed'; userId: number; label: string; points: number; reason: string }
  | { type: 'project-approved'; userId: number; title: string; points: number }
  | { type: 'project-refused'; userId: number; title: string; reason: string }
  | { type: 'points-expiring'; userId: number; points: number; withinDays: number; firstDate: string }
  | RewardOrderEvent
  | { type: 'reward-redeemed'; userId: number; orderId: number; rewardName: string; points: number; codeReady: boolean }
  | { type: 'partner-transfer'; userId: number; transferId: number; partnerName: string; completed: boolean }
  | { type: 'partner-transfer-requested'; userId: number; transferId: number; partnerName: string; points: number }
  | { type: 'club-news'; userId: number; title: string; body: string; url: string }
  /** An admin's manual adjustment applied (`points` signed), or undone (`reversed`, the points the reversal moved). */
  | { type: 'points-adjusted'; userId: number; points: number; reason: string; reversed: boolean };

export type RewardOrderNotice =
  | 'requested'
  | 'separating'
  | 'shipped'
  | 'tracking-corrected'
  | 'delivered'
  | 'code-ready'
  | 'cancelled'
  | 'cancelled-by-member';

/** The notices of a parcel on its way: the member follows it by its tracking code, so the notice carries it. */
export type ShipmentNotice = Extract<RewardOrderNotice, 'shipped' | 'tracking-corrected'>;

/** A parcel as the member follows it: the carrier and its tracking code. */
export interface Shipment {
  carrier: string;
  trackingCode: string;
}

type RewardOrderEvent = { type: 'reward-order'; userId: number; orderId: number; rewardName: string } & (
  { status: Exclude<RewardOrderNotice, ShipmentNotice> } | { status: ShipmentNotice; shipment: Shipment }
);

export interface NotificationText {
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the app: a tap opens it. */
  url: string;
}

const TITLE_MAX = 60;
const BODY_MAX = 180;
const REASON_WORDS = 8;

/**
 * Free text a person typed (a refusal reason, a project's title) loses anything shaped like a CPF, a CNPJ or an
 * amount in reais before it leaves for a push service, whoever wrote it.
 */
export function withoutPersonalData(text: string): string {
  return text
    .replace(/R\$\s*[\d.,]+/gi, 'R$ …')
    .replace(/\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}/g, '…')
    .replace(/\d{3}\.?\d{3}\.?\d{3}-?\d{2}/g, '…')
    .replace(/\s+/g, ' ')
    .trim();
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The first words of a reason: enough to know why, the rest is on the screen the tap opens. */
export function firstWords(text: string, words = REASON_WORDS): string {
  const all = withoutPersonalData(text).split(' ').filter(Boolean);
  const head = all.slice(0, words).join(' ');
  return clip(all.length > words ? `${head}…` : head, 80);
}

const pts = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'ponto' : 'pontos'}`;
const quoted = (title: string) => `“${clip(withoutPersonalData(title), 40)}”`;

const ORDER_TEXTS: Record<Exclude<RewardOrderNotice, ShipmentNotice>, { title: string; body: string }> = {
  requested: { title: 'Resgate liberado', body: 'foi conferido e segue para separação.' },
  separating: { title: 'Resgate em separação', body: 'está em separação.' },
  delivered: { title: 'Resgate entregue', body: 'foi entregue. Bom trabalho na oficina!' },
  'code-ready': { title: 'Código pronto', body: 'tem o código pronto: toque em “Mostrar código”.' },
  cancelled: { title: 'Resgate cancelado', body: 'foi cancelado pelo clube. Os pontos voltaram para o seu saldo.' },
  'cancelled-by-member': {
    title: 'Resgate cancelado',
    body: 'foi cancelado como você pediu. Os pontos voltaram para o seu saldo.',
  },
};

/**
 * The tracking code right after what happened and before the carrier: clipping a long reward name, carrier and code to
 * BODY_MAX cuts the carrier or the closing words, never the code the member opens the notice for.
 */
const SHIPMENT_TEXTS: Record<ShipmentNotice, { title: string; body: (shipment: Shipment) => string }> = {
  shipped: {
    title: 'Resgate enviado',
    body: ({ carrier, trackingCode }) =>
      `foi enviado. Código de rastreio: ${trackingCode} (${withoutPersonalData(carrier)}). Acompanhe a entrega no app.`,
  },
  'tracking-corrected': {
    title: 'Rastreio corrigido',
    body: ({ carrier, trackingCode }) =>
      `teve o código de rastreio corrigido pelo clube. Novo código: ${trackingCode} (${withoutPersonalData(carrier)}). Acompanhe a entrega no app.`,
  },
};

function orderText(event: RewardOrderEvent): { title: string; body: string } {
  if ('shipment' in event) {
    const text = SHIPMENT_TEXTS[event.status];
    return { title: text.title, body: text.body(event.shipment) };
  }
  return ORDER_TEXTS[event.status];
}

const orderUrl = (orderId: number) => `/meus-resgates#pedido-${orderId}`;

function compose(event: NotificationEvent): NotificationText {
  switch (event.type) {
    case 'invoice-approved':
      return {
        kind: 'invoices',
        title: 'Nota aprovada',
        body: `Sua ${event.label} foi aprovada: +${pts(event.points)}.`,
        url: '/minhas-nfs',
      };
    case 'invoice-refused':
      return {
        kind: 'invoices',
        title: 'Nota recusada',
        body: `Sua ${event.label} foi recusada: ${firstWords(event.reason)}`,
        url: '/minhas-nfs',
      };
    case 'invoice-cancelled':
      return {
        kind: 'invoices',
        title: 'Nota cancelada pela Sefaz',
        body: `Sua ${event.label} foi cancelada pela Sefaz (compra devolvida ou desfeita)${
          event.points > 0 ? `: −${pts(event.points)}.` : '.'
        }`,
        url: '/minhas-nfs',
      };
    case 'invoice-received':
      return {
        kind: 'invoices',
        title: 'Nota enviada',
        body: `Sua ${event.label}, guardada no aparelho sem sinal, foi enviada e está em análise.`,
        url: '/minhas-nfs',
      };
    case 'invoice-reversed':
      return {
        kind: 'invoices',
        title: 'Aprovação de nota desfeita',
        body: `A aprovação da sua ${event.label} foi desfeita${
          event.points > 0 ? ` (−${pts(event.points)})` : ''
        }: ${firstWords(event.reason)}`,
        url: '/minhas-nfs',
      };
    case 'project-approved':
      return {
        kind: 'projects',
        title: 'Projeto aprovado',
        body: `Seu projeto ${quoted(event.title)} foi aprovado: +${pts(event.points)}.`,
        url: '/projetos',
      };
    case 'project-refused':
      return {
        kind: 'projects',
        title: 'Projeto recusado',
        body: `Seu projeto ${quoted(event.title)} foi recusado: ${firstWords(event.reason)}`,
        url: '/projetos',
      };
    case 'points-expiring':
      return {
        kind: 'points_expiring',
        title: 'Pontos a vencer',
        body: `${pts(event.points)} vence${event.points === 1 ? '' : 'm'} em até ${event.withinDays} dias (a partir de ${event.firstDate}). Troque por prêmios antes.`,
        url: '/premios',
      };
    case 'reward-order': {
      const text = orderText(event);
      return {
        kind: 'rewards',
        title: text.title,
        body: `Seu resgate nº ${event.orderId} (${clip(event.rewardName, 40)}) ${text.body}`,
        // That order, not the top of the list: its tracking link is what a shipping notice is opened for.
        url: orderUrl(event.orderId),
      };
    }
    case 'reward-redeemed':
      return {
        kind: 'rewards',
        title: event.codeReady ? 'Resgate feito: código pronto' : 'Resgate feito',
        // The code itself stays behind "Mostrar código": this text is also a push, read on a locked screen.
        body: `Seu resgate nº ${event.orderId} (${clip(event.rewardName, 40)}) foi registrado: −${pts(event.points)}.${
          event.codeReady
            ? ' Toque em “Mostrar código” para ver o código e como usar.'
            : ' Acompanhe cada etapa no app.'
        }`,
        url: orderUrl(event.orderId),
      };
    case 'partner-transfer':
      return {
        kind: 'rewards',
        title: event.completed ? 'Transferência concluída' : 'Transferência não concluída',
        body: event.completed
          ? `Sua transferência nº ${event.transferId} para ${event.partnerName} foi concluída.`
          : `Sua transferência nº ${event.transferId} para ${event.partnerName} não foi concluída. Os pontos voltaram para o seu saldo.`,
        url: '/premios/transferir',
      };
    case 'partner-transfer-requested':
      return {
        kind: 'rewards',
        title: 'Transferência solicitada',
        body: `Sua transferência nº ${event.transferId} de ${pts(event.points)} para ${event.partnerName} foi solicitada. Avisamos quando o parceiro responder.`,
        url: '/premios/transferir',
      };
    case 'club-news':
      return { kind: 'news', title: event.title, body: event.body, url: event.url };
    case 'points-adjusted': {
      const sign = event.points > 0 ? '+' : '−';
      return {
        kind: 'rewards',
        title: event.reversed ? 'Ajuste de pontos desfeito' : 'Ajuste de pontos',
        body: `${event.reversed ? 'Um ajuste do seu saldo foi desfeito' : 'Seu saldo foi ajustado'}: ${sign}${pts(
          Math.abs(event.points),
        )}. ${firstWords(event.reason)}`,
        url: '/historico',
      };
    }
  }
}

/** The inbox line and push payload of an event: short, pt-BR, clipped to what a notification shows. */
export function describeEvent(event: NotificationEvent): NotificationText {
  const text = compose(event);
  return {
    ...text,
    title: clip(text.title, TITLE_MAX),
    body: clip(text.body, BODY_MAX),
    // A path of the app only: '//host' would be another site to the service worker's openWindow.
    url: /^\/(?![/\\])/.test(text.url) ? text.url : '/',
  };
}
