// The request helper of storefront spec section 7: every call sends credentials; reads are
// cache-busted GETs; writes send JSON; any non-OK answer throws '{status}: {body text}'.

/** The fixed version tag sent with every read. */
export const API_VERSION_TAG = '2025.06.20 v4';
const NO_CACHE_HEADERS = {
  'Cache-Control': 'no-cache, no-store, must-revalidate',
  Pragma: 'no-cache',
  Expires: '0',
};
/** Write paths that also get the timestamp parameter (spec section 7). */
const TIMESTAMPED_WRITE_PATHS = ['/api/authentic-products', '/api/products', '/colours'];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's JSON error message when there is one, for showing to a person. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : null;
    } catch {
      return null;
    }
  }
}

function randomString(): string {
  return Math.random().toString(36).slice(2, 11);
}

export function withCacheBusting(path: string, now = Date.now()): string {
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('_t', String(now));
  params.set('_r', randomString());
  params.set('_v', API_VERSION_TAG);
  return `${base}?${params.toString()}`;
}

/** Throws the helper's ApiError '{status}: {body text}' for a non-OK answer (api-upload.ts uses it too). */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()).trim();
  throw new ApiError(response.status, text, `${response.status}: ${text || response.statusText}`);
}

export interface GetOptions {
  /** On a 401 the default reader throws; 'returnNull' answers null instead. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

export async function getJson<T>(path: string, options: GetOptions = {}): Promise<T | null> {
  const response = await fetch(withCacheBusting(path), {
    method: 'GET',
    credentials: 'include',
    headers: NO_CACHE_HEADERS,
    signal: options.signal,
  });
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

export interface WriteOptions {
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The generic write helper: a method, a path and an optional JSON body. */
export async function apiRequest<T = unknown>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: WriteOptions = {},
): Promise<T> {
  const url = TIMESTAMPED_WRITE_PATHS.some((p) => path.includes(p)) ? withTimestamp(path) : path;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...options.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

function withTimestamp(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}_t=${Date.now()}`;
}
