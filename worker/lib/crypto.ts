// Web Crypto helpers shared by the gateways' signatures, sessions, access checks and idempotency
// hashes (workerd also offers MD5, which PayFast's signatures still use).

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text) as Uint8Array<ArrayBuffer>;
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function hmacSha256(key: string | Uint8Array<ArrayBuffer>, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const keyBytes = typeof key === 'string' ? utf8(key) : key;
  const cryptoKey = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, utf8(message)));
}

export async function sha256Hex(message: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', utf8(message)));
}

export async function sha512Hex(message: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-512', utf8(message)));
}

/** `bytes` random bytes as lowercase hex. */
export function randomHex(bytes: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function md5Hex(message: string): Promise<string> {
  return toHex(await crypto.subtle.digest('MD5', utf8(message)));
}

/** Constant-time for equal lengths, so a forger learns nothing from the time a comparison takes. */
export function timingSafeEqualText(a: string, b: string): boolean {
  const left = utf8(a);
  const right = utf8(b);
  if (left.byteLength !== right.byteLength) return false;
  return crypto.subtle.timingSafeEqual(left, right);
}

/** Unguessable identifier: prefix + 24 lowercase base-32 characters (120 random bits). */
export function randomId(prefix: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return prefix + [...bytes].map((b) => alphabet[b % 32]).join('');
}
