import { allRoutes } from '@/common/all-routes';
import { exportedPageUrl, isOfflinePage, offlinePageUrl } from './offline-pages';

describe('offline pages', () => {
  it('answers a navigation with its page and the client router with its RSC payload', () => {
    expect(offlinePageUrl('/minhas-nfs', 'html')).toBe('/minhas-nfs');
    expect(offlinePageUrl('/minhas-nfs/', 'html')).toBe('/minhas-nfs');
    expect(offlinePageUrl('/minhas-nfs.txt', 'rsc')).toBe('/minhas-nfs.txt');
    expect(offlinePageUrl('/', 'html')).toBe('/');
    expect(offlinePageUrl('/index.txt', 'rsc')).toBe('/index.txt');
  });

  it('answers any value of a dynamic segment with the placeholder page', () => {
    expect(offlinePageUrl('/projetos/42', 'html')).toBe('/projetos/_');
    expect(offlinePageUrl('/projetos/42.txt', 'rsc')).toBe('/projetos/_.txt');
    expect(offlinePageUrl('/faq/pontos/como-ganhar', 'html')).toBe('/faq/_/_');
    expect(offlinePageUrl('/premios/transferir.txt', 'rsc')).toBe('/premios/transferir.txt');
  });

  it('leaves the painel, the public pages, the drafts and other files to the network', () => {
    expect(offlinePageUrl('/painel/notas', 'html')).toBeNull();
    expect(offlinePageUrl('/login', 'html')).toBeNull();
    expect(offlinePageUrl('/totem.txt', 'rsc')).toBeNull();
    expect(offlinePageUrl('/rascunho/faq', 'html')).toBeNull();
    expect(offlinePageUrl('/minhas-nfs', 'rsc')).toBeNull();
    expect(offlinePageUrl('/robots.txt', 'rsc')).toBeNull();
    expect(offlinePageUrl('/nada-aqui', 'html')).toBeNull();
  });

  it('covers every member route of the table', () => {
    const members = allRoutes.filter(([, route]) => isOfflinePage(route)).map(([key]) => key);
    expect(members).toEqual(expect.arrayContaining(['home', 'invoices', 'history', 'profile', 'projects', 'rewards']));
    for (const [, route] of allRoutes.filter(([, r]) => isOfflinePage(r))) {
      expect(exportedPageUrl(route.pattern, 'html')).not.toMatch(/:/);
    }
  });
});
