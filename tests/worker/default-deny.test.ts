import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { app, handleError } from '../../worker/app';
import type { AppBindings } from '../../worker/env';
import { defaultDeny } from '../../worker/middleware/default-deny';
import { isSiteVisitRecordRoute } from '../../worker/middleware/site-visit-access';
import { PUBLIC_ROUTES, publicRouteFor } from '../../worker/public-routes';
import { SITE_VISIT_ACCESS_REQUIRED } from '../../worker/shared/site-visit-records';
import { BASE, postJson } from './helpers';

const STAFF_REQUIRED = 'Staff sign-in required. Sign in with the staff PIN and try again.';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Probe {
  /** How the route registers itself, e.g. 'GET /api/orders/:reference'. */
  route: string;
  method: string;
  url: string;
  isPublic: boolean;
}

/** A concrete path for a pattern: every ':param' (with or without its {regex}) becomes '1', a '*' 'probe'. */
function concretePath(pattern: string): string {
  return pattern.replace(/:\w+(\{(?:\{[\d,]+\}|[^}])+\})?\??/g, '1').replace(/\*$/, 'probe');
}

/**
 * Every route the Worker registers under /api. Entries with method ALL and a '*' path are middleware
 * (or the 404 catch-all): they are probed with a GET below them. Several handlers of one route
 * (rate limit, body limit, validator, handler) register the same method and path: one probe each.
 */
function apiRouteProbes(): Probe[] {
  const probes = new Map<string, Probe>();
  for (const { method, path } of app.routes) {
    if (!path.startsWith('/api')) continue;
    const probeMethod = method === 'ALL' ? 'GET' : method;
    const url = `${BASE}${concretePath(path)}`;
    const isWildcard = path.endsWith('*');
    // A middleware path is public only where its probe lands on an allowlisted route.
    const isPublic = isWildcard
      ? publicRouteFor(probeMethod, new URL(url).pathname) !== undefined
      : PUBLIC_ROUTES.some((entry) => entry.method === method && entry.path === path);
    const route = `${method} ${path}`;
    if (!probes.has(route)) probes.set(route, { route, method: probeMethod, url, isPublic });
  }
  return [...probes.values()];
}

async function anonymous(probe: Pick<Probe, 'method' | 'url'>, headers: Record<string, string> = {}): Promise<Response> {
  const write = WRITES.has(probe.method);
  const request = new Request(probe.url, {
    method: probe.method,
    headers: { 'CF-Connecting-IP': '198.51.100.200', ...(write ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: write ? '{}' : undefined,
  });
  return app.fetch(request, env, { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext);
}

const probes = apiRouteProbes();
// The site-visit records open to the site-visit unlock as well (middleware/site-visit-access.ts).
const isSiteVisitRecord = (p: Probe) => !p.route.endsWith('*') && isSiteVisitRecordRoute(p.method, new URL(p.url).pathname);
const siteVisitRecords = probes.filter((p) => !p.isPublic && isSiteVisitRecord(p));
const staffOnly = probes.filter((p) => !p.isPublic && !isSiteVisitRecord(p));
const publicOnes = probes.filter((p) => p.isPublic);

describe('default deny: the route walk', () => {
  it('finds the routes of the app (a walk that finds nothing proves nothing)', () => {
    expect(probes.length).toBeGreaterThan(25);
    expect(staffOnly.map((p) => p.route)).toContain('ALL /api/admin/outbox/*');
    expect(staffOnly.map((p) => p.route)).toContain('POST /api/admin/catalogue/seed');
    expect(publicOnes.map((p) => p.route)).toContain('POST /api/orders/submit');
  });

  it('lists only allowlist entries with a reason, each once', () => {
    const keys = PUBLIC_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of PUBLIC_ROUTES) {
      expect(entry.path.startsWith('/api/'), entry.path).toBe(true);
      expect(entry.reason.length, entry.path).toBeGreaterThan(10);
    }
  });

  it('has no stale entries: each one names a route the Worker registers', () => {
    const registered = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
    const stale = PUBLIC_ROUTES.map((r) => `${r.method} ${r.path}`).filter((key) => !registered.has(key));
    expect(stale).toEqual([]);
  });
});

describe('default deny: every staff route answers 401 to an anonymous request', () => {
  it.each(staffOnly.map((p) => [p.route, p] as const))('%s', async (_route, probe) => {
    const res = await anonymous(probe);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, error: 'unauthorized', message: STAFF_REQUIRED });
  });
});

describe('default deny: the site-visit records answer 401 to an anonymous request', () => {
  it('finds them', () => expect(siteVisitRecords.map((p) => p.route)).toContain('POST /api/site-visits/sync'));
  it.each(siteVisitRecords.map((p) => [p.route, p] as const))('%s', async (_route, probe) => {
    const res = await anonymous(probe);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, error: 'unauthorized', message: SITE_VISIT_ACCESS_REQUIRED });
  });
});

describe('default deny: every allowlisted route answers without a session', () => {
  it.each(publicOnes.map((p) => [p.route, p] as const))('%s', async (_route, probe) => {
    const res = await anonymous(probe);
    // A gateway webhook may itself answer 401 to a bad signature; never with the staff sign-in answer.
    const body = await res.text();
    expect(body).not.toContain(STAFF_REQUIRED);
    if (!probe.route.includes('/payment/')) expect(res.status).not.toBe(401);
  });
});

describe('default deny: what the allowlist matches', () => {
  it.each([
    ['GET', '/api/orders/CB-ABCDEFGH', true],
    ['HEAD', '/api/orders/CB-ABCDEFGH', true],
    ['POST', '/api/orders/CB-ABCDEFGH', false],
    ['GET', '/api/orders/CB-ABCDEFGH/extra', false],
    ['GET', '/api/orders', false],
    ['POST', '/api/melvin/enhanced-chat', true],
    ['GET', '/api/tracking', false],
    ['GET', '/api/tracking/TRK123', true],
    ['PUT', '/api/tracking/7', false],
    ['GET', '/api/tracking/order/CB-ABCDEFGH', true],
    ['GET', '/api/admin/outbox', false],
    ['GET', '/api/admin/audit', false],
    ['GET', '/api/leads', false],
    ['POST', '/api/leads/capture', true],
  ] as const)('%s %s public: %s', (method, path, expected) => {
    expect(publicRouteFor(method, path) !== undefined).toBe(expected);
  });

  it('denies an unknown API path to anonymous callers, and tells a signed-in one it does not exist', async () => {
    const anon = await anonymous({ method: 'GET', url: `${BASE}/api/no-such-thing` });
    expect(anon.status).toBe(401);
    const signIn = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '198.51.100.201' });
    const cookie = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
    const staff = await anonymous({ method: 'GET', url: `${BASE}/api/no-such-thing` }, { Cookie: cookie });
    expect(staff.status).toBe(404);
  });

  it('guards a route added later without requireStaff', async () => {
    const later = new Hono<AppBindings>();
    later.use('/api/*', defaultDeny);
    later.get('/api/leads/forgotten-guard', (c) => c.json({ secret: 'every lead' }));
    later.get('/api/health', (c) => c.json({ ok: true }));
    later.onError(handleError);
    const denied = await later.request('/api/leads/forgotten-guard', {}, env);
    expect(denied.status).toBe(401);
    expect(await denied.text()).not.toContain('every lead');
    expect((await later.request('/api/health', {}, env)).status).toBe(200);
  });
});

describe('default deny: paths outside /api', () => {
  it('leaves the app shell alone', async () => {
    const res = await anonymous({ method: 'GET', url: `${BASE}/admin-dashboard` });
    expect(res.status).toBe(200);
  });
});
