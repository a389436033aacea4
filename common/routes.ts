/**
 * The table of every member's and visitor's path (docs/product.md#2-screens-and-routes); the painel's are in
 * common/painel/routes.ts, so a member's pages do not carry them, and common/all-routes.ts joins both for the API
 * server's rewrites, the generated nginx config and the tests. Links and layout gates read from here, so a path is
 * spelled exactly once.
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

export const route = <const R extends RouteDef>(r: R): R => r;

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
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof routeTable;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<K extends RouteKey> = { [N in ParamNames<(typeof routeTable)[K]['pattern']>]: string };

/** One typed builder per route of a table: no argument for a fixed path, its parameters for a dynamic one. */
export type PathBuilders<T extends Record<string, RouteDef>> = {
  [K in keyof T]: [ParamNames<T[K]['pattern']>] extends [never]
    ? () => string
    : (params: { [N in ParamNames<T[K]['pattern']>]: string }) => string;
};

/** Fills a pattern with values; each value is URL-encoded so an id can never add a path segment. */
export function buildPath(pattern: string, params: Readonly<Record<string, string>> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}

export function pathBuilders<T extends Record<string, RouteDef>>(table: T): PathBuilders<T> {
  return Object.fromEntries(
    Object.entries(table).map(([key, def]) => [
      key,
      (params?: Record<string, string>) => buildPath(def.pattern, params),
    ]),
  ) as unknown as PathBuilders<T>;
}

/** Typed path builders: `routes.campaign({ campaignId: '12' })` → `/campanhas/12`. */
export const routes = pathBuilders(routeTable);

export interface RouteMatch<K extends string = RouteKey> {
  readonly key: K;
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
}

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

/** Finds the route of a real URL path (no query string) among `entries`; null for an unknown path. */
export function matchRouteIn<K extends string>(
  entries: readonly (readonly [K, RouteDef])[],
  pathname: string,
): RouteMatch<K> | null {
  const parts = normalise(pathname).split('/').slice(1);
  for (const [key, route] of entries) {
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

/** Every member's and visitor's route, in the table's order (which decides between overlapping patterns). */
export const memberAndPublicRoutes = Object.entries(routeTable) as [RouteKey, RouteDef][];

/** The member's or visitor's route of a real URL path; null for an unknown path (or a painel one). */
export const matchRoute = (pathname: string): RouteMatch | null => matchRouteIn(memberAndPublicRoutes, pathname);

/** Path of the exported page that serves a pattern: dynamic segments become the placeholder. */
export function exportPathOf(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, PLACEHOLDER);
}
