import { painelRoutes, type PainelRouteKey } from '@/common/painel/routes';
import type { StaffRole } from '@/common/painel/roles';

/**
 * The painel's sections, each with the roles that open it. The shell's menu and the home page list the ones the
 * signed-in person may open; a new screen (the review queues, members, stores, rewards) adds its entry here, its route
 * to common/painel/routes.ts, and its operations to its module's staff.graphql with the same roles.
 */
export interface PainelSection {
  readonly route: PainelRouteKey;
  readonly href: string;
  readonly label: string;
  /** What it is for, on the home page. */
  readonly description: string;
  /** Any of these opens it; null: every staff member. */
  readonly roles: readonly StaffRole[] | null;
}

export const PAINEL_SECTIONS: readonly PainelSection[] = [
  {
    route: 'painelHome',
    href: painelRoutes.painelHome(),
    label: 'Início',
    description: 'Suas funções e o que você pode abrir.',
    roles: null,
  },
  {
    route: 'painelInvoices',
    href: painelRoutes.painelInvoices(),
    label: 'Notas fiscais',
    description: 'A fila de notas em análise: abra a mais antiga, confira os arquivos, aprove ou recuse.',
    roles: ['revisor'],
  },
  {
    route: 'painelProjects',
    href: painelRoutes.painelProjects(),
    label: 'Projetos',
    description: 'Os projetos enviados: veja as fotos, aprove com pontos, recuse com o motivo e publique.',
    roles: ['revisor'],
  },
  {
    route: 'painelMembers',
    href: painelRoutes.painelMembers(),
    label: 'Membros',
    description: 'Encontre um membro pelo CPF, e-mail, celular ou nome; veja a conta e mude o que o atendimento muda.',
    roles: ['atendimento'],
  },
  {
    route: 'painelStores',
    href: painelRoutes.painelStores(),
    label: 'Lojas',
    description: 'Lojas parceiras: cadastre, desative, crie o código do totem e veja os cadastros por dia.',
    roles: ['lojas'],
  },
  {
    route: 'painelRewards',
    href: painelRoutes.painelRewards(),
    label: 'Prêmios',
    description: 'Resgates a separar e enviar, estoque e códigos dos prêmios, transferências ao parceiro.',
    roles: ['premios'],
  },
  {
    route: 'painelRules',
    href: painelRoutes.painelRules(),
    label: 'Regras de pontos',
    description: 'Regras e campanhas: crie, encerre, veja o custo estimado e simule uma nota.',
    roles: ['campanhas', 'admin'],
  },
  {
    route: 'painelProducts',
    href: painelRoutes.painelProducts(),
    label: 'Produtos',
    description: 'O catálogo de produtos da marca que ganham pontos: busque e importe um CSV.',
    roles: ['campanhas', 'admin'],
  },
  {
    route: 'painelTeam',
    href: painelRoutes.painelTeam(),
    label: 'Equipe',
    description: 'Convide pessoas, mude funções, desative contas e refaça autenticadores.',
    roles: ['admin'],
  },
  {
    route: 'painelAudit',
    href: painelRoutes.painelAudit(),
    label: 'Auditoria',
    description: 'Quem fez o quê, quando e de onde, com filtros e exportação em CSV.',
    roles: ['admin'],
  },
];

export const canOpen = (section: PainelSection, roles: readonly StaffRole[]): boolean =>
  section.roles === null || section.roles.some((role) => roles.includes(role));

export const sectionsFor = (roles: readonly StaffRole[]): PainelSection[] =>
  PAINEL_SECTIONS.filter((section) => canOpen(section, roles));

/**
 * Whether a section is the one a path belongs to: its own page or one under it (a store's page is in Lojas, an
 * order's in Prêmios). The home is only itself, or every page would be in it.
 */
export function isCurrentSection(section: PainelSection, pathname: string): boolean {
  const path = pathname.replace(/\/$/, '') || '/';
  if (section.route === 'painelHome') return path === section.href;
  return path === section.href || path.startsWith(`${section.href}/`);
}
