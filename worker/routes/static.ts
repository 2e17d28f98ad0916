import { Hono } from 'hono';
import type { AppBindings, Env } from '../env';
import { AppError } from '../lib/errors';
import { hasOwnHead, pageHeadFor, withPageHead } from '../services/page-meta';
import { publicConfig } from './config';

const YEAR_SECONDS = 31_536_000;

/** Swatch textures from R2: content-addressed keys, so they may be cached for a year. */
export const swatchRoutes = new Hono<AppBindings>().get('/:set/:file', async (c) => {
  const { set, file } = c.req.param();
  if (!/^[a-z0-9_-]+$/.test(set) || !/^[a-z0-9-]+\.png$/.test(file)) throw new AppError('not_found', 'No such swatch.');
  const object = await c.env.MEDIA.get(`swatches/${set}/${file}`);
  if (!object) throw new AppError('not_found', 'No such swatch.');
  return new Response(object.body, {
    headers: {
      'Content-Type': 'image/png',
      'Cache-Control': `public, max-age=${YEAR_SECONDS}, immutable`,
      ETag: object.httpEtag,
    },
  });
});

/** Old links the spec keeps working. */
export const REDIRECTS: Record<string, string> = {
  '/shutter-visualization': '/shutters',
  '/mobile-ruler': '/camera-ruler',
  '/calculator': '/quote-calculator',
};

/**
 * The built web app from Workers static assets; unknown paths fall back to index.html (SPA).
 * With `env`, a page of the route table gets its own title, description, canonical, Open Graph and
 * JSON-LD written into that HTML (issue 12, services/page-meta.ts).
 */
export async function serveApp(request: Request, assets: Fetcher, env?: Env): Promise<Response> {
  const url = new URL(request.url);
  const target = REDIRECTS[url.pathname];
  if (target) return new Response(null, { status: 301, headers: { Location: new URL(target + url.search, url).toString() } });
  const config = env && (request.method === 'GET' || request.method === 'HEAD') ? publicConfig(env) : null;
  const ownHead = env !== undefined && config !== null && hasOwnHead(config, url.pathname);
  // The page's head changes without the file changing (a new price list): no 304 from the file's ETag.
  const [head, response] = await Promise.all([
    ownHead ? pageHeadFor(env, config, request.url) : null,
    assets.fetch(ownHead ? withoutConditionals(request) : request),
  ]);
  const headers = new Headers(response.headers);
  const isHtml = (headers.get('Content-Type') ?? '').includes('text/html');
  if (url.pathname.startsWith('/assets/')) {
    headers.set('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`); // hashed file names
  } else if (url.pathname.startsWith('/media/')) {
    headers.set('Cache-Control', 'public, max-age=86400');
  } else if (isHtml) {
    headers.set('Cache-Control', 'no-cache');
  }
  if (head && isHtml && response.status === 200) {
    for (const name of ['Content-Length', 'ETag', 'Last-Modified']) headers.delete(name);
    return withPageHead(new Response(response.body, { status: 200, headers }), head);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function withoutConditionals(request: Request): Request {
  if (!request.headers.has('If-None-Match') && !request.headers.has('If-Modified-Since')) return request;
  const headers = new Headers(request.headers);
  headers.delete('If-None-Match');
  headers.delete('If-Modified-Since');
  return new Request(request, { headers });
}
