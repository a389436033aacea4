import { allRoutes, exportFileFor } from './all-routes';
import { painelRouteTable, painelRoutes } from './painel/routes';
import { buildPath, matchRoute, memberAndPublicRoutes, routes } from './routes';

describe('route table', () => {
  // The paths of docs/product.md#2-screens-and-routes.
  it('holds the 38 private and 10 public paths of the product, and the 19 of the painel', () => {
    expect(allRoutes.filter(([, r]) => r.access === 'private')).toHaveLength(38);
    expect(allRoutes.filter(([, r]) => r.access === 'public')).toHaveLength(10);
    expect(allRoutes.filter(([, r]) => r.access === 'staff')).toHaveLength(19);
    expect(new Set(allRoutes.map(([, r]) => r.pattern)).size).toBe(67);
  });

  it('keeps every painel path under /painel, and /painel/graphql clear of them', () => {
    const staff = allRoutes.filter(([, r]) => r.access === 'staff').map(([, r]) => r.pattern);
    expect(staff.every((p) => p === '/painel' || p.startsWith('/painel/'))).toBe(true);
    expect(allRoutes.filter(([, r]) => r.access !== 'staff' && r.pattern.startsWith('/painel'))).toEqual([]);
    expect(matchRoute('/painel/graphql')).toBeNull();
    expect(painelRoutes.painelActivate()).toBe('/painel/ativar');
    expect(painelRoutes.painelInvoiceReview()).toBe('/painel/notas/revisar');
    expect(painelRoutes.painelMember()).toBe('/painel/membros/ficha');
    expect(painelRoutes.painelStore()).toBe('/painel/lojas/loja');
    expect(painelRoutes.painelProjectReview()).toBe('/painel/projetos/revisar');
    expect(matchRoute('/painel/arquivos/12')).toBeNull();
    expect(exportFileFor('/painel', 'html')).toBe('/painel.html');
    expect(exportFileFor('/painel/equipe', 'rsc')).toBe('/painel/equipe.txt');
  });

  it("keeps the painel's paths out of the members' table, which every member page carries", () => {
    expect(memberAndPublicRoutes.filter(([, r]) => r.access === 'staff')).toEqual([]);
    expect(Object.values(painelRouteTable).every((r) => r.access === 'staff')).toBe(true);
    // A member's page knows no painel path: the gates see /painel as unknown, the server still serves it.
    expect(matchRoute('/painel/notas')).toBeNull();
    expect(exportFileFor('/painel/notas', 'html')).toBe('/painel/notas.html');
  });

  it('takes /premios/transferir for the transfer page, not for a reward called "transferir"', () => {
    expect(matchRoute('/premios/transferir')?.key).toBe('rewardTransfer');
    expect(matchRoute('/premios/trena-laser')?.key).toBe('reward');
    expect(exportFileFor('/premios/transferir', 'html')).toBe('/premios/transferir.html');
  });

  it('builds typed paths and encodes values so they cannot add segments', () => {
    expect(routes.home()).toBe('/');
    expect(routes.campaign({ campaignId: '12' })).toBe('/campanhas/12');
    expect(routes.faqItem({ subjectSlug: 'pontos', faqSlug: 'como-ganhar' })).toBe('/faq/pontos/como-ganhar');
    expect(routes.promotionSurvey({ promotionSlug: 'verao' })).toBe('/promocoes/verao/pesquisa');
    expect(routes.project({ projectId: '../x' })).toBe('/projetos/..%2Fx');
    expect(() => buildPath('/campanhas/:campaignId', {})).toThrow(/Missing route parameter/);
  });

  it('matches real URLs and reads their dynamic values', () => {
    expect(matchRoute('/campanhas/123')).toMatchObject({ key: 'campaign', params: { campaignId: '123' } });
    expect(matchRoute('/rascunho/faq/a/b')).toMatchObject({
      key: 'draftFaqItem',
      params: { subjectSlug: 'a', faqSlug: 'b' },
    });
    expect(matchRoute('/cadastro-promo/loja-centro')?.key).toBe('promoSignUpSubsidiary');
    expect(matchRoute('/completar-cadastro')?.route.access).toBe('public');
    expect(matchRoute('/completar-cadastro/dados')?.route.access).toBe('private');
    expect(matchRoute('/perfil/')?.key).toBe('profile');
    expect(matchRoute('/pesquisas')).toBeNull();
    expect(matchRoute('/campanhas/1/2')).toBeNull();
  });

  it('maps every real URL to the exported placeholder page and its RSC payload', () => {
    expect(exportFileFor('/', 'html')).toBe('/index.html');
    expect(exportFileFor('/', 'rsc')).toBe('/index.txt');
    expect(exportFileFor('/campanhas/987', 'html')).toBe('/campanhas/_.html');
    expect(exportFileFor('/faq/s/f', 'rsc')).toBe('/faq/_/_.txt');
    expect(exportFileFor('/promocoes/verao/pesquisa', 'html')).toBe('/promocoes/_/pesquisa.html');
    expect(exportFileFor('/nao-existe', 'html')).toBeNull();
  });
});
