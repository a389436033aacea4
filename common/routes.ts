/**
 * The one table of every path of the product (docs/product.md#2-screens-and-routes).
 * Links, layout gates, the API server's rewrites and the generated nginx config all read from here,
 * so a path is spelled exactly once.
 */

/** `staff`: the painel (/painel), behind its own gate and staff tokens; never a member's page. */
export type RouteAccess = 'private' | 'public' | 'staff';

export interface RouteDef {
  /** URL pattern; `:name` marks a dynamic segment. */
  readonly pattern: string;
  readonly access: RouteAccess;
  /** pt-BR page title, also used as the page heading until the screen is filled. */
  readonly title: string;
  /** Whether the profile-completeness gate runs on this private page. */
  readonly profileGate?: boolean;
}

/**
 * Dynamic segments are exported once, under this placeholder value; the host rewrites any real value to the
 * placeholder's files and the page reads the real value from the URL.
 */
export const PLACEHOLDER = '_';

const route = <const R extends RouteDef>(r: R): R => r;

export const routeTable = {
  // Private: members only.
  home: route({ pattern: '/', access: 'private', title: 'Início' }),
  campaigns: route({ pattern: '/campanhas', access: 'private', title: 'Campanhas' }),
  campaign: route({ pattern: '/campanhas/:campaignId', access: 'private', title: 'Campanha' }),
  standardCampaign: route({ pattern: '/campanha-padrao', access: 'private', title: 'Campanha padrão' }),
  rules: route({ pattern: '/regulamento', access: 'private', title: 'Regulamento' }),
  draftRules: route({ pattern: '/rascunho/regulamento', access: 'private', title: 'Rascunho do regulamento' }),
  faq: route({ pattern: '/faq', access: 'private', title: 'Perguntas frequentes' }),
  faqSubject: route({ pattern: '/faq/:subjectSlug', access: 'private', title: 'Assunto' }),
  faqItem: route({ pattern: '/faq/:subjectSlug/:faqSlug', access: 'private', title: 'Pergunta' }),
  draftFaq: route({ pattern: '/rascunho/faq', access: 'private', title: 'Rascunho das perguntas frequentes' }),
  draftFaqSubject: route({ pattern: '/rascunho/faq/:subjectSlug', access: 'private', title: 'Rascunho do assunto' }),
  draftFaqItem: route({
    pattern: '/rascunho/faq/:subjectSlug/:faqSlug',
    access: 'private',
    title: 'Rascunho da pergunta',
  }),
  history: route({ pattern: '/historico', access: 'private', title: 'Extrato de pontos' }),
  howToEarn: route({ pattern: '/como-ganhar-pontos', access: 'private', title: 'Como ganhar pontos' }),
  invoices: route({ pattern: '/minhas-nfs', access: 'private', title: 'Minhas notas fiscais' }),
  changeEmail: route({ pattern: '/alterar-email', access: 'private', title: 'Alterar e-mail' }),
  changePhone: route({ pattern: '/alterar-celular', access: 'private', title: 'Alterar celular' }),
  changePassword: route({ pattern: '/alterar-senha', access: 'private', title: 'Alterar senha' }),
  changeCnpj: route({ pattern: '/alterar-cnpj', access: 'private', title: 'Alterar CNPJ' }),
  profile: route({ pattern: '/perfil', access: 'private', title: 'Meu perfil' }),
  notificationSettings: route({ pattern: '/perfil/notificacoes', access: 'private', title: 'Notificações' }),
  notifications: route({ pattern: '/avisos', access: 'private', title: 'Avisos' }),
  completePhone: route({ pattern: '/completar-cadastro/celular', access: 'private', title: 'Cadastre seu celular' }),
  completeData: route({ pattern: '/completar-cadastro/dados', access: 'private', title: 'Complete seus dados' }),
  completePassword: route({ pattern: '/completar-cadastro/senha', access: 'private', title: 'Crie uma nova senha' }),
  promotions: route({ pattern: '/promocoes', access: 'private', title: 'Promoções' }),
  promotion: route({ pattern: '/promocoes/:promotionSlug', access: 'private', title: 'Promoção' }),
  draftPromotions: route({ pattern: '/rascunho/promocoes', access: 'private', title: 'Rascunho das promoções' }),
  draftPromotion: route({
    pattern: '/rascunho/promocoes/:promotionSlug',
    access: 'private',
    title: 'Rascunho da promoção',
  }),
  promotionSurvey: route({
    pattern: '/promocoes/:promotionSlug/pesquisa',
    access: 'private',
    title: 'Pesquisa da promoção',
  }),
  projects: route({ pattern: '/projetos', access: 'private', title: 'Projetos' }),
  project: route({ pattern: '/projetos/:projectId', access: 'private', title: 'Projeto' }),
  sendProject: route({ pattern: '/enviar-projeto', access: 'private', title: 'Enviar projeto' }),
  rewards: route({ pattern: '/premios', access: 'private', title: 'Prêmios' }),
  // Before the reward's pattern, which would take "transferir" for a reward's slug.
  rewardTransfer: route({ pattern: '/premios/transferir', access: 'private', title: 'Transferir pontos' }),
  reward: route({ pattern: '/premios/:rewardSlug', access: 'private', title: 'Prêmio' }),
  rewardOrders: route({ pattern: '/meus-resgates', access: 'private', title: 'Meus resgates' }),
  // The confirmation must run before any redirect of the completeness gate, so the gate is off here.
  confirmEmail: route({
    pattern: '/confirmar-email',
    access: 'private',
    title: 'Confirmação de e-mail',
    profileGate: false,
  }),

  // Public: visitors only; a logged-in member is sent home.
  signUp: route({ pattern: '/cadastro', access: 'public', title: 'Cadastro' }),
  promoSignUp: route({ pattern: '/cadastro-promo', access: 'public', title: 'Cadastro' }),
  promoSignUpSubsidiary: route({ pattern: '/cadastro-promo/:subsidiarySlug', access: 'public', title: 'Cadastro' }),
  incompleteSignUp: route({ pattern: '/completar-cadastro', access: 'public', title: 'Completar cadastro' }),
  login: route({ pattern: '/login', access: 'public', title: 'Entrar' }),
  loginCpf: route({ pattern: '/login-cpf', access: 'public', title: 'Entrar com CPF' }),
  loginEmail: route({ pattern: '/login-email', access: 'public', title: 'Entrar com e-mail' }),
  loginPhone: route({ pattern: '/login-telefone', access: 'public', title: 'Entrar com celular' }),
  forgotPassword: route({ pattern: '/recuperar-senha', access: 'public', title: 'Recuperar senha' }),
  totem: route({ pattern: '/totem', access: 'public', title: 'Cadastro na loja' }),

  // Staff: the club's back office, behind its own login (e-mail, password and an authenticator code).
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
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof routeTable;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<K extends RouteKey> = { [N in ParamNames<(typeof routeTable)[K]['pattern']>]: string };

type Builder<K extends RouteKey> = [ParamNames<(typeof routeTable)[K]['pattern']>] extends [never]
  ? () => string
  : (params: RouteParams<K>) => string;

/** Fills a pattern with values; each value is URL-encoded so an id can never add a path segment. */
export function buildPath(pattern: string, params: Readonly<Record<string, string>> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}

/** Typed path builders: `routes.campaign({ campaignId: '12' })` → `/campanhas/12`. */
export const routes = Object.fromEntries(
  Object.entries(routeTable).map(([key, def]) => [
    key,
    (params?: Record<string, string>) => buildPath(def.pattern, params),
  ]),
) as unknown as { [K in RouteKey]: Builder<K> };

export interface RouteMatch {
  readonly key: RouteKey;
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
}

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

/** Finds the route of a real URL path (no query string); null for an unknown path. */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = normalise(pathname).split('/').slice(1);
  for (const [key, route] of Object.entries(routeTable) as [RouteKey, RouteDef][]) {
    const patternParts = route.pattern.split('/').slice(1);
    if (patternParts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = patternParts.every((p, i) => {
      const part = parts[i] ?? '';
      if (p.startsWith(':')) {
        if (part === '') return false;
        try {
          params[p.slice(1)] = decodeURIComponent(part);
        } catch {
          return false;
        }
        return true;
      }
      return p === part;
    });
    if (ok) return { key, route, params };
  }
  return null;
}

/** Path of the exported page that serves a pattern: dynamic segments become the placeholder. */
export function exportPathOf(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, PLACEHOLDER);
}

/**
 * The file in the static export (`out/`) that answers a request path, or null when none does.
 * `kind` picks the HTML document or the RSC payload (`<path>.txt`) that client navigation fetches.
 */
export function exportFileFor(pathname: string, kind: 'html' | 'rsc'): string | null {
  const match = matchRoute(pathname);
  if (!match) return null;
  const base = exportPathOf(match.route.pattern);
  const stem = base === '/' ? '/index' : base;
  return `${stem}.${kind === 'html' ? 'html' : 'txt'}`;
}

export const allRoutes = Object.entries(routeTable) as [RouteKey, RouteDef][];
