import { SELF } from 'cloudflare:test';

export const BASE = 'https://shop.test';

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, { headers });
}

/** A distinct client address per test so rate limits and lockouts do not leak between tests. */
export function clientIp(): string {
  const n = Math.floor(Math.random() * 250) + 1;
  return `203.0.113.${n}`;
}
