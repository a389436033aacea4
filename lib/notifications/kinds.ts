import type { NotificationKind } from '../graphql/generated/graphql';

/** The switches of "Notificações", in the order the page shows them, with what each one sends. */
export const NOTIFICATION_KINDS: readonly { kind: NotificationKind; label: string; hint: string }[] = [
  { kind: 'INVOICES', label: 'Notas fiscais', hint: 'Quando uma nota é aprovada ou recusada.' },
  { kind: 'PROJECTS', label: 'Projetos', hint: 'Quando um projeto é aprovado ou recusado.' },
  { kind: 'POINTS_EXPIRING', label: 'Pontos a vencer', hint: '30 dias e 7 dias antes de os pontos vencerem.' },
  { kind: 'REWARDS', label: 'Prêmios', hint: 'Quando um resgate ou uma transferência ao parceiro anda.' },
  {
    kind: 'NEWS',
    label: 'Novidades do clube',
    hint: 'Campanhas e promoções. É a mesma escolha de receber mensagens do clube.',
  },
];
