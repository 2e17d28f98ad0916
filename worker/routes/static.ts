import { Hono } from 'hono';
import type { AppBindings, Env } from '../env';
import { AppError } from '../lib/errors';
import { hasOwnHead, pageHeadFor, withPageHead, type PageHead } from '../services/page-meta';
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
 * The built web app from Workers static assets. A path of the route table (shared/route-meta.ts)
 * gets the app's index.html with status 200, its own title, description, canonical, Open Graph and
 * JSON-LD written in (services/page-meta.ts). Static files are served as they are. Any
 * other path is HTTP 404 (storefront spec section 2): a page address gets the same
 * index.html, so the browser still shows the app's 404 page; a missing file gets the plain 404.
 * Without `env` only static files and the 404 exist.
 */
export async function serveApp(request: Request, assets: Fetcher, env?: Env): Promise<Response> {
  const url = new URL(request.url);
  const target = REDIRECTS[url.pathname];
  if (target) return new Response(null, { status: 301, headers: { Location: new URL(target + url.search, url).toString() } });
  const readable = request.method === 'GET' || request.method === 'HEAD';
  const config = env && readable ? publicConfig(env) : null;
  const appPage = env !== undefined && config !== null && hasOwnHead(config, url.pathname);
  let response: Response;
  let status = 200;
  let head: PageHead | null = null;
  if (appPage) {
    // The page's head changes without the file changing (a new price list): no 304 from the file's ETag.
    [head, response] = await Promise.all([pageHeadFor(env, config, request.url), assets.fetch(appShellRequest(request))]);
  } else {
    response = await assets.fetch(request);
    if (response.status === 404 && readable && !looksLikeFile(url.pathname)) {
      status = 404;
      response = await assets.fetch(appShellRequest(request));
    }
  }
  const headers = new Headers(response.headers);
  const isHtml = (headers.get('Content-Type') ?? '').includes('text/html');
  if (url.pathname.startsWith('/assets/')) {
    headers.set('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`); // hashed file names
  } else if (url.pathname.startsWith('/media/')) {
    headers.set('Cache-Control', 'public, max-age=86400');
  } else if (isHtml) {
    headers.set('Cache-Control', 'no-cache');
  }
  if (status === 404 && response.status === 200) {
    for (const name of ['ETag', 'Last-Modified']) headers.delete(name);
    return new Response(response.body, { status: 404, headers });
  }
  if (head && isHtml && response.status === 200) {
    for (const name of ['Content-Length', 'ETag', 'Last-Modified']) headers.delete(name);
    return withPageHead(new Response(response.body, { status: 200, headers }), head);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The app's index.html (served at '/'), asked for with the request's method and no conditionals. */
function appShellRequest(request: Request): Request {
  const shell = new Request(new URL('/', request.url), { method: request.method, headers: request.headers });
  return withoutConditionals(shell);
}

/** A path whose last segment has an extension ('/assets/x.js', '/favicon.ico') names a file, not a page. */
function looksLikeFile(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

function withoutConditionals(request: Request): Request {
  if (!request.headers.has('If-None-Match') && !request.headers.has('If-Modified-Since')) return request;
  const headers = new Headers(request.headers);
  headers.delete('If-None-Match');
  headers.delete('If-Modified-Since');
  return new Request(request, { headers });
}
