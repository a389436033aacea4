import '../test/esm-shims';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildPath, matchRoute } from '../../common/routes';
import { MAX_FILE_BYTES, MAX_FILES_PER_INVOICE } from '../../common/invoices/file-type';
import { PROJECT_PHOTO_MAX_BYTES } from '../../common/projects/limits';
import { createTestApp } from '../test/helpers';
import {
  allApiRoutes,
  HEALTH_PATHS,
  JSON_BODY_MAX_BYTES,
  locationPathOf,
  MULTIPART_MAX_BYTES,
  PROFILE_IMAGE_MAX_BYTES,
  type ApiRoute,
  UPLOAD_OPTIONS,
} from './api-routes';
import { STATIC_SITE_PATHS } from './static-site';

/**
 * Reads `printRoutes({ commonPrefix: false })`: one line per tree node, four columns per level, each node's
 * label continuing its parent's path, with its methods in parentheses.
 */
function parseRouteTree(tree: string): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const node = /^([│ ]*)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = (node[1] ?? '').length / 4;
    const fullPath = (stack[depth - 1] ?? '') + (node[2] ?? '');
    stack[depth] = fullPath;
    stack.length = depth + 1;
    if (node[3]) routes.set(fullPath, [...(routes.get(fullPath) ?? []), ...node[3].split(', ')].sort());
  }
  return routes;
}

const expectedMethods = (route: ApiRoute): string[] =>
  [...route.methods, ...(route.methods.includes('GET') ? ['HEAD'] : [])].sort();

describe('API route table', () => {
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'clube-routes-'));
  });
  afterAll(() => rm(staticDir, { recursive: true, force: true }));

  it('holds exactly the routes the app registers, with their methods', async () => {
    // Every optional part switched on, so every route the API can have is registered.
    const t = await createTestApp({
      humanVerification: true,
      serveStatic: true,
      staticDir,
      corsOrigin: 'https://app.clube.test',
    });
    try {
      const registered = parseRouteTree(t.app.printRoutes({ commonPrefix: false }));
      expect(registered.get('/graphql')).toBeDefined();
      for (const sitePath of STATIC_SITE_PATHS) registered.delete(sitePath);
      // @fastify/cors answers preflights on any path; a proxy forwards them along with the API's own routes.
      expect(registered.get('*')).toEqual(['OPTIONS']);
      registered.delete('*');
      // Each process's health, outside the table: neither rate-limited nor closed by maintenance.
      for (const healthPath of Object.values(HEALTH_PATHS)) {
        expect(registered.get(healthPath)).toEqual(['GET', 'HEAD']);
        registered.delete(healthPath);
      }

      const table = new Map(allApiRoutes.map(([, route]) => [route.path, expectedMethods(route)]));
      expect(Object.fromEntries(registered)).toEqual(Object.fromEntries(table));
    } finally {
      await t.close();
    }
  });

  it.each(allApiRoutes)('keeps %s clear of the page routes', (_key, route) => {
    const sample = buildPath(route.path, { fileId: '1', photoId: '1', name: 'x.jpg', id: 'x' });
    expect(matchRoute(sample)).toBeNull();
    expect(matchRoute(locationPathOf(route))).toBeNull();
  });

  it('gives prefix routes a fixed start ending in a slash and exact routes their whole path', () => {
    expect(Object.fromEntries(allApiRoutes.map(([key, route]) => [key, locationPathOf(route)]))).toEqual({
      graphql: '/graphql',
      altchaChallenge: '/altcha/challenge',
      invoiceFile: '/arquivos/notas/',
      projectPhoto: '/arquivos/projetos/',
      profileImage: '/uploads/profile/',
      contentImage: '/conteudo/imagens/',
      securityLogin: '/seguranca/login',
      securityEnvelope: '/seguranca/envelope',
      partnerCallback: '/api/parceiro/callback',
      whatsappWebhook: '/api/whatsapp/webhook',
      securityIp: '/seguranca/ip',
      painelGraphql: '/painel/graphql',
      painelAuditCsv: '/painel/auditoria.csv',
      painelInvoicesCsv: '/painel/notas.csv',
      painelRewardOrdersCsv: '/painel/premios.csv',
      painelFile: '/painel/arquivos/',
    });
    expect(() => locationPathOf({ methods: ['GET'], path: '/a/:id', match: 'exact', maxBodyBytes: 1 })).toThrow();
    expect(() => locationPathOf({ methods: ['GET'], path: '/a', match: 'prefix', maxBodyBytes: 1 })).toThrow();
    expect(() => locationPathOf({ methods: ['GET'], path: '/a-:id', match: 'prefix', maxBodyBytes: 1 })).toThrow();
  });

  it('lets GraphQL take the largest upload request and any JSON body', () => {
    const [, graphql] = allApiRoutes.find(([key]) => key === 'graphql') ?? [];
    expect(graphql?.maxBodyBytes).toBeGreaterThanOrEqual(JSON_BODY_MAX_BYTES);
    expect(graphql?.maxBodyBytes).toBeGreaterThanOrEqual(MULTIPART_MAX_BYTES);
    // Every file the parser lets through uncut: a full invoice and up to the hard cap of files, or a photo.
    expect(UPLOAD_OPTIONS.maxFileSize).toBeGreaterThan(MAX_FILE_BYTES);
    expect(UPLOAD_OPTIONS.maxFileSize).toBeGreaterThan(PROFILE_IMAGE_MAX_BYTES);
    expect(UPLOAD_OPTIONS.maxFileSize).toBeGreaterThan(PROJECT_PHOTO_MAX_BYTES);
    expect(UPLOAD_OPTIONS.maxFiles).toBeGreaterThan(MAX_FILES_PER_INVOICE);
    expect(MULTIPART_MAX_BYTES).toBeGreaterThan(UPLOAD_OPTIONS.maxFiles * UPLOAD_OPTIONS.maxFileSize);
  });

  it('bounds the body of every other route', () => {
    // Meta batches WhatsApp updates into one delivery: the webhook takes more than a member's request, still bounded.
    const larger: Record<string, number> = { whatsappWebhook: 512 * 1024 };
    for (const [key, route] of allApiRoutes) {
      expect(route.maxBodyBytes).toBeGreaterThan(0);
      if (key !== 'graphql') expect(route.maxBodyBytes).toBeLessThanOrEqual(larger[key] ?? 64 * 1024);
    }
  });
});
