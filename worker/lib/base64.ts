// Base64 (RFC 4648 section 4, the standard alphabet) in one place: photos sent to Claude, the chat's
// uploaded images, and the payment gateways' signatures and secrets.

/** Bytes to base64, in chunks so a photo of several MB never overflows the call stack. */
export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Bytes to unpadded base64url (RFC 4648 section 5), for tokens that travel in cookies and URLs. */
export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Null when the text is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Standard base64 alphabet (RFC 4648 section 4) to 6-bit values; 255 marks a byte outside it. */
const BASE64_VALUES = (() => {
  const table = new Uint8Array(256).fill(255);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
})();

export type Base64Result = { ok: true; bytes: Uint8Array } | { ok: false; problem: string };

/**
 * Decodes standard base64 (padding optional), never throwing: atob throws a DOMException on a length
 * of 1 mod 4 or stray padding, which would surface as a 500. `problem` says what is wrong, for a 400.
 */
export function decodeBase64(text: string): Base64Result {
  let end = text.length;
  let padding = 0;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d /* = */ && padding < 3) {
    end--;
    padding++;
  }
  if (padding > 2) return { ok: false, problem: 'has more than two = padding characters' };
  if (padding > 0 && text.length % 4 !== 0) return { ok: false, problem: 'has padding but its length is not a multiple of 4' };
  const tail = end % 4;
  if (tail === 1) return { ok: false, problem: 'is cut short (its length is 1 more than a multiple of 4)' };
  const bytes = new Uint8Array(Math.floor(end / 4) * 3 + (tail === 0 ? 0 : tail - 1));
  let o = 0;
  let i = 0;
  for (; i + 4 <= end; i += 4) {
    const a = BASE64_VALUES[text.charCodeAt(i) & 0xff]!;
    const b = BASE64_VALUES[text.charCodeAt(i + 1) & 0xff]!;
    const c = BASE64_VALUES[text.charCodeAt(i + 2) & 0xff]!;
    const d = BASE64_VALUES[text.charCodeAt(i + 3) & 0xff]!;
    if (
      (a | b | c | d) === 255 ||
      text.charCodeAt(i) > 0xff ||
      text.charCodeAt(i + 1) > 0xff ||
      text.charCodeAt(i + 2) > 0xff ||
      text.charCodeAt(i + 3) > 0xff
    ) {
      return { ok: false, problem: 'contains characters outside the base64 alphabet' };
    }
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    bytes[o++] = n >> 16;
    bytes[o++] = (n >> 8) & 0xff;
    bytes[o++] = n & 0xff;
  }
  if (tail > 0) {
    let n = 0;
    for (let k = 0; k < tail; k++) {
      const code = text.charCodeAt(i + k);
      const v = code > 0xff ? 255 : BASE64_VALUES[code]!;
      if (v === 255) return { ok: false, problem: 'contains characters outside the base64 alphabet' };
      n = (n << 6) | v;
    }
    if (tail === 2) bytes[o] = n >> 4;
    else {
      bytes[o] = n >> 10;
      bytes[o + 1] = (n >> 2) & 0xff;
    }
  }
  return { ok: true, bytes };
}
