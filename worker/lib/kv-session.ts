// Sessions behind an HttpOnly cookie (staff sign-in, site-visit unlock): KV holds only a hash of the
// token, so a leaked KV listing hands out nothing, and KV's TTL ends them.
import { sha256Hex } from './crypto';

export interface KvSession {
  createdAt: string;
  expiresAt: string;
}

/** Longer cookie values are not ours: refused before any hashing or KV read. */
const MAX_TOKEN_LENGTH = 100;

async function sessionKey(prefix: string, token: string): Promise<string> {
  return `${prefix}:${await sha256Hex(token)}`;
}

/** Stores `fields` plus createdAt/expiresAt under the token's hash for `ttlSeconds`. */
export async function storeKvSession<T extends object>(
  kv: KVNamespace,
  prefix: string,
  token: string,
  ttlSeconds: number,
  fields: T,
  now = new Date(),
): Promise<T & KvSession> {
  const session = { ...fields, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + ttlSeconds * 1000).toISOString() };
  await kv.put(await sessionKey(prefix, token), JSON.stringify(session), { expirationTtl: ttlSeconds });
  return session;
}

export async function readKvSession<T extends KvSession>(
  kv: KVNamespace,
  prefix: string,
  token: string | undefined,
  now = new Date(),
): Promise<T | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const session = await kv.get<T>(await sessionKey(prefix, token), 'json');
  if (!session || Date.parse(session.expiresAt) <= now.getTime()) return null;
  return session;
}

export async function endKvSession(kv: KVNamespace, prefix: string, token: string | undefined): Promise<void> {
  if (token && token.length <= MAX_TOKEN_LENGTH) await kv.delete(await sessionKey(prefix, token));
}
