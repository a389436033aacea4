import { formatDate } from '../../../common/format/dates';
import { formatPoints } from '../../../common/format/numbers';
import { routes } from '../../../common/routes';
import type { WhatsappContent } from '../../adapters/whatsapp-graph';
import type { Db } from '../../db/schema';
import { listOwnInvoices } from '../invoices';
import { pointsSummary } from '../points';
import { nowOf } from '../service-deps';
import type { InboxDeps } from './inbox';

/** What a member may ask by writing a word (or pressing its button). */
export type Command = 'saldo' | 'notas' | 'premios' | 'ajuda' | 'atendente';

const WORDS: Record<string, Command> = {
  saldo: 'saldo',
  pontos: 'saldo',
  notas: 'notas',
  nota: 'notas',
  nfs: 'notas',
  premios: 'premios',
  premio: 'premios',
  ajuda: 'ajuda',
  menu: 'ajuda',
  oi: 'ajuda',
  ola: 'ajuda',
  atendente: 'atendente',
};

/** The command a message names: the word alone, in any case, with or without accents and punctuation. */
export function commandOf(text: string): Command | null {
  const word = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim();
  return WORDS[word] ?? null;
}

const link = (deps: InboxDeps, path: string) => `${deps.config.publicUrl}${path}`;

export const unknownNumberReply = (deps: InboxDeps): WhatsappContent => ({
  type: 'text',
  text: `Este número não está cadastrado no Clube do Marceneiro. Para participar, cadastre-se em ${link(deps, routes.signUp())}`,
});

export const switchedOffReply = (deps: InboxDeps, name: string): WhatsappContent => ({
  type: 'text',
  text: `Olá, ${name}! O WhatsApp do Clube está desligado na sua conta. Para ligar, abra ${link(deps, routes.profile())} e ative "Enviar notas pelo WhatsApp".`,
});

const MENU_TEXT =
  'Escreva saldo, notas, prêmios ou atendente. Para ganhar pontos, mande a foto ou o PDF da nota com a chave de acesso de 44 dígitos na legenda, ou o XML da NF-e.';

/** "ajuda": the menu as buttons (WhatsApp allows three; the others are words to write). */
export const helpReply: WhatsappContent = {
  type: 'buttons',
  text: `Como posso ajudar? ${MENU_TEXT}`,
  buttons: [
    { id: 'saldo', title: 'Saldo' },
    { id: 'notas', title: 'Notas' },
    { id: 'premios', title: 'Prêmios' },
  ],
};

/** Anything the bot does not know: the menu, as text. */
export const menuReply: WhatsappContent = {
  type: 'text',
  text: `Não entendi. ${MENU_TEXT} Escreva ajuda para ver as opções.`,
};

const STATUS_WORDS: Record<string, string> = {
  received: 'recebida',
  in_review: 'em análise',
  approved: 'aprovada',
  rejected: 'recusada',
};

type MemberDeps = InboxDeps & { readonly userId: number };

async function balanceReply(deps: MemberDeps): Promise<WhatsappContent> {
  const summary = await pointsSummary(deps);
  const expiring =
    summary.expiringIn30 > 0
      ? ` Vencem nos próximos 30 dias: ${formatPoints(summary.expiringIn30)} pontos.`
      : ' Nenhum ponto vence nos próximos 30 dias.';
  return { type: 'text', text: `Seu saldo: ${formatPoints(summary.balance)} pontos.${expiring}` };
}

async function invoicesReply(deps: MemberDeps): Promise<WhatsappContent> {
  const invoices = await listOwnInvoices(deps.db, deps.userId, null, 5);
  if (invoices.length === 0) {
    return {
      type: 'text',
      text: 'Você ainda não enviou notas. Mande a foto da nota com a chave de acesso na legenda.',
    };
  }
  const lines = invoices.map((invoice) => {
    const points = invoice.status === 'approved' && invoice.points ? ` (+${formatPoints(invoice.points)} pontos)` : '';
    return `• Nota ${invoice.number} de ${formatDate(invoice.created_at)}: ${STATUS_WORDS[invoice.status]}${points}`;
  });
  return { type: 'text', text: `Suas últimas notas:\n${lines.join('\n')}\nTodas em ${link(deps, routes.invoices())}` };
}

/** The reward nearest the balance: the cheapest still out of reach, or else the dearest already in reach. */
async function rewardReply(deps: MemberDeps): Promise<WhatsappContent> {
  const { balance } = await pointsSummary(deps);
  const at = nowOf(deps).toISOString();
  const open = (db: Db) =>
    db
      .selectFrom('rewards')
      .select(['slug', 'name', 'points'])
      .where('draft', '=', 0)
      .where('stock', '>', 0)
      .where((eb) => eb.or([eb('active_from', 'is', null), eb('active_from', '<=', at)]))
      .where((eb) => eb.or([eb('active_to', 'is', null), eb('active_to', '>', at)]));
  const next = await open(deps.db).where('points', '>', balance).orderBy('points').limit(1).executeTakeFirst();
  const reached = next
    ? undefined
    : await open(deps.db).where('points', '<=', balance).orderBy('points', 'desc').limit(1).executeTakeFirst();
  const reward = next ?? reached;
  if (!reward)
    return { type: 'text', text: `Nenhum prêmio disponível agora. Veja o catálogo em ${link(deps, routes.rewards())}` };
  const url = link(deps, routes.reward({ rewardSlug: reward.slug }));
  const text = next
    ? `O prêmio mais perto de você: ${reward.name}, ${formatPoints(reward.points)} pontos. Faltam ${formatPoints(reward.points - balance)}. ${url}`
    : `Você já pode trocar seus pontos por ${reward.name} (${formatPoints(reward.points)} pontos): ${url}`;
  return { type: 'text', text };
}

/** The answer to a member's command. */
export function answerCommand(deps: MemberDeps, command: Exclude<Command, 'atendente'>): Promise<WhatsappContent> {
  switch (command) {
    case 'saldo':
      return balanceReply(deps);
    case 'notas':
      return invoicesReply(deps);
    case 'premios':
      return rewardReply(deps);
    case 'ajuda':
      return Promise.resolve(helpReply);
  }
}
