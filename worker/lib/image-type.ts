/** Image types accepted from customers, recognised by their first bytes (never by a claimed type). */
export type ImageType = { mime: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' };

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return { mime: 'image/png', ext: 'png' };
  if (bytes.length >= 12 && String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
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
    if ((a | b | c | d) === 255 || text.charCodeAt(i) > 0xff || text.charCodeAt(i + 1) > 0xff || text.charCodeAt(i + 2) > 0xff || text.charCodeAt(i + 3) > 0xff) {
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
    if (tail === 2) bytes[o++] = n >> 4;
    else {
      bytes[o++] = n >> 10;
      bytes[o++] = (n >> 2) & 0xff;
    }
  }
  return { ok: true, bytes };
}
