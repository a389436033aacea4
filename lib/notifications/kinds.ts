import type { NotificationKind } from '../graphql/generated/graphql';

export interface KindSwitch {
  kind: NotificationKind;
  label: string;
  hint: string;
  /**
   * The switch is about pushes alone, so a browser that gets no push shows it off. "Novidades do clube" is also the
   * member's consent to SMS and WhatsApp, which stands whatever this browser allows.
   */
  pushOnly: boolean;
}

/** The switches of "Notificações", in the order the page shows them, with what each one sends. */
export const NOTIFICATION_KINDS: readonly KindSwitch[] = [
  { kind: 'INVOICES', label: 'Notas fiscais', hint: 'Quando uma nota é aprovada ou recusada.', pushOnly: true },
  { kind: 'PROJECTS', label: 'Projetos', hint: 'Quando um projeto é aprovado ou recusado.', pushOnly: true },
  {
    kind: 'POINTS_EXPIRING',
    label: 'Pontos a vencer',
    hint: '30 dias e 7 dias antes de os pontos vencerem.',
    pushOnly: true,
  },
  {
    kind: 'REWARDS',
    label: 'Prêmios',
    hint: 'Quando um resgate ou uma transferência ao parceiro anda.',
    pushOnly: true,
  },
  {
    kind: 'NEWS',
    label: 'Novidades do clube',
    hint: 'Campanhas e promoções. É a mesma escolha de receber mensagens do clube.',
    pushOnly: false,
  },
];
