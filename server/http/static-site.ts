import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportFileFor } from '../../common/all-routes';

/** The embedded server's catch-all for the export; a host like nginx serves out/ itself instead. */
export const STATIC_SITE_PATHS = ['/', '/*'] as const;

export interface StaticSiteOptions {
  /** Absolute path of the Next static export (out/). */
  readonly root: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=600';
const NOT_FOUND_FALLBACK =
  '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Página não encontrada</title><h1>Página não encontrada</h1></html>';

/** Decoded path split on '/', or null for anything that could leave the folder or reach a hidden file. */
function safeSegments(pathname: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..' || s.startsWith('.'))) return null;
  return segments;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The build precompresses only text files of at least 1 kB; the gzip copy is always written with the brotli one. */
const hasCompressedCopy = (file: string): Promise<boolean> => isFile(`${file}.gz`);

export function registerStaticSite(app: FastifyInstance, { root }: StaticSiteOptions): void {
  const rootDir = path.resolve(root);
  const inside = (relative: string): string | null => {
    const file = path.resolve(rootDir, `.${relative}`);
    return file.startsWith(rootDir + path.sep) ? file : null;
  };

  // serve:false: only the handler below decides which file answers a URL; sendFile still gives ETag and ranges.
  // preCompressed: the build wrote `.br` and `.gz` beside every text file (scripts/precompress.ts).
  void app.register(fastifyStatic, {
    root: rootDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
  });

  /** A `.txt` beside a `.html` of the same name is an RSC payload; a lone one (robots.txt) is a real file. */
  async function isPagePayload(relative: string): Promise<boolean> {
    if (!relative.endsWith('.txt')) return false;
    const sibling = inside(`${relative.slice(0, -'.txt'.length)}.html`);
    return sibling !== null && (await isFile(sibling));
  }

  /**
   * True when the file exists and is being sent. Never hand the reply itself back through an `await`: a Fastify
   * reply is thenable and resolves to undefined once sent, which made callers send a 404 on top.
   */
  async function send(reply: FastifyReply, relative: string, cacheControl: string): Promise<boolean> {
    const file = inside(relative);
    if (file === null || !(await isFile(file))) return false;
    reply.header('cache-control', cacheControl);
    // The same URL answers brotli, gzip or plain bytes by Accept-Encoding; caches must keep them apart.
    if (await hasCompressedCopy(file)) reply.header('vary', 'Accept-Encoding');
    void reply.sendFile(path.relative(rootDir, file), rootDir);
    return true;
  }

  async function notFound(reply: FastifyReply): Promise<FastifyReply> {
    // Read into memory: a conditional request must not turn the 404 page into an empty 304.
    let body = NOT_FOUND_FALLBACK;
    try {
      body = await readFile(path.join(rootDir, '404.html'), 'utf8');
    } catch {
      // The fallback text above answers when the export has no 404 page.
    }
    return reply.code(404).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(body);
  }

  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const rawUrl = request.raw.url ?? '/';
    const queryIndex = rawUrl.indexOf('?');
    const pathname = queryIndex === -1 ? rawUrl : rawUrl.slice(0, queryIndex);
    const query = queryIndex === -1 ? '' : rawUrl.slice(queryIndex);

    // '//host' would turn the trailing-slash redirect into an open redirect.
    if (!pathname.startsWith('/') || pathname.startsWith('//')) return notFound(reply);
    const segments = safeSegments(pathname);
    if (segments === null) return notFound(reply);
    const clean = `/${segments.join('/')}`;

    if (pathname.startsWith('/_next/static/')) {
      return (await send(reply, clean, IMMUTABLE)) ? reply : notFound(reply);
    }

    if (pathname.length > 1 && pathname.endsWith('/')) {
      return reply.redirect(`${pathname.replace(/\/+$/, '') || '/'}${query}`, 308);
    }

    if (clean.endsWith('.txt')) {
      const stem = clean.slice(0, -'.txt'.length);
      const rsc = exportFileFor(stem === '/index' ? '/' : stem, 'rsc');
      if (rsc !== null) {
        return (await send(reply.type('text/plain; charset=utf-8'), rsc, NO_CACHE)) ? reply : notFound(reply);
      }
    }

    const html = exportFileFor(clean, 'html');
    if (html !== null) {
      return (await send(reply.type('text/html; charset=utf-8'), html, NO_CACHE)) ? reply : notFound(reply);
    }

    // Real non-page files (manifest, icons, service worker); page documents are reachable only through routes.
    if (!clean.endsWith('.html') && !(await isPagePayload(clean))) {
      if (clean === '/service-worker.js') {
        reply.header('service-worker-allowed', '/');
        return (await send(reply, clean, NO_CACHE)) ? reply : notFound(reply);
      }
      if (await send(reply, clean, SHORT)) return reply;
    }
    return notFound(reply);
  }

  for (const sitePath of STATIC_SITE_PATHS) app.get(sitePath, handle);
}
