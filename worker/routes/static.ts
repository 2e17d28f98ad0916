import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';

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

/** The built web app from Workers static assets; unknown paths fall back to index.html (SPA). */
export async function serveApp(request: Request, assets: Fetcher): Promise<Response> {
  const url = new URL(request.url);
  const target = REDIRECTS[url.pathname];
  if (target) return new Response(null, { status: 301, headers: { Location: new URL(target + url.search, url).toString() } });
  const response = await assets.fetch(request);
  const headers = new Headers(response.headers);
  if (url.pathname.startsWith('/assets/')) {
    headers.set('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`); // hashed file names
  } else if (url.pathname.startsWith('/media/')) {
    headers.set('Cache-Control', 'public, max-age=86400');
  } else if ((headers.get('Content-Type') ?? '').includes('text/html')) {
    headers.set('Cache-Control', 'no-cache');
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
