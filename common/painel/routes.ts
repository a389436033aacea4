import { pathBuilders, route, type RouteDef } from '../routes';

/**
 * The painel's paths: the club's back office, behind its own login (e-mail, password and an authenticator code). Apart
 * from the members' table (common/routes.ts), so a member's pages do not carry them.
 */
export const painelRouteTable = {
  painelHome: route({ pattern: '/painel', access: 'staff', title: 'Painel' }),
  painelLogin: route({ pattern: '/painel/entrar', access: 'staff', title: 'Entrar no painel' }),
  // The one-time set-up link: /painel/ativar?token=… (the token is read from the URL in the browser).
  painelActivate: route({ pattern: '/painel/ativar', access: 'staff', title: 'Ativar acesso ao painel' }),
  painelTeam: route({ pattern: '/painel/equipe', access: 'staff', title: 'Equipe' }),
  painelAudit: route({ pattern: '/painel/auditoria', access: 'staff', title: 'Auditoria' }),
  painelInvoices: route({ pattern: '/painel/notas', access: 'staff', title: 'Notas fiscais' }),
  // One invoice under review: /painel/notas/revisar?id=… (a static export: the id is read from the URL).
  painelInvoiceReview: route({ pattern: '/painel/notas/revisar', access: 'staff', title: 'Analisar nota fiscal' }),
  painelMembers: route({ pattern: '/painel/membros', access: 'staff', title: 'Membros' }),
  // One member's page: /painel/membros/ficha?id=… (a static export: the id is read from the URL).
  painelMember: route({ pattern: '/painel/membros/ficha', access: 'staff', title: 'Ficha do membro' }),
  painelStores: route({ pattern: '/painel/lojas', access: 'staff', title: 'Lojas' }),
  // One store: /painel/lojas/loja?slug=… (a static export: the slug is read from the URL).
  painelStore: route({ pattern: '/painel/lojas/loja', access: 'staff', title: 'Loja' }),
  painelRewards: route({ pattern: '/painel/premios', access: 'staff', title: 'Resgates de prêmios' }),
  // One reward order: /painel/premios/pedido?id=… (a static export: the id is read from the URL).
  painelRewardOrder: route({ pattern: '/painel/premios/pedido', access: 'staff', title: 'Resgate' }),
  painelRewardStock: route({ pattern: '/painel/premios/estoque', access: 'staff', title: 'Estoque e códigos' }),
  painelPartnerTransfers: route({
    pattern: '/painel/premios/transferencias',
    access: 'staff',
    title: 'Transferências ao parceiro',
  }),
  painelProjects: route({ pattern: '/painel/projetos', access: 'staff', title: 'Projetos' }),
  painelRules: route({ pattern: '/painel/regras', access: 'staff', title: 'Regras de pontos' }),
  painelProducts: route({ pattern: '/painel/produtos', access: 'staff', title: 'Produtos da marca' }),
  // One project under review: /painel/projetos/revisar?id=… (a static export: the id is read from the URL).
  painelProjectReview: route({ pattern: '/painel/projetos/revisar', access: 'staff', title: 'Analisar projeto' }),
} as const satisfies Record<string, RouteDef & { access: 'staff' }>;

export type PainelRouteKey = keyof typeof painelRouteTable;

/** Typed path builders: `painelRoutes.painelInvoices()` → `/painel/notas`. */
export const painelRoutes = pathBuilders(painelRouteTable);
