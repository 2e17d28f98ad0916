import type { Context } from 'hono';

/** Longest key kept for an address that does not parse, so a forged header cannot bloat storage keys. */
const MAX_RAW_KEY_LENGTH = 64;

/**
 * The key every rate limit and lockout counts a caller under (DESIGN.md section 7): an IPv4 address as
 * is, an IPv6 address cut to its /64 (one subscriber usually holds a whole /64, so each address in it
 * is not a new client), 'local' when running without the edge.
 */
export function clientKey(c: Context): string {
  return clientKeyFromAddress(c.req.header('CF-Connecting-IP'));
}

export function clientKeyFromAddress(address: string | null | undefined): string {
  const raw = address?.trim();
  if (!raw) return 'local';
  const v4 = parseIpv4(raw);
  if (v4) return v4.join('.');
  const v6 = parseIpv6(raw);
  if (!v6) return raw.slice(0, MAX_RAW_KEY_LENGTH);
  // ::ffff:a.b.c.d is an IPv4 client reaching an IPv6 socket: the same client as a.b.c.d.
  if (v6.slice(0, 5).every((h) => h === 0) && v6[5] === 0xffff) {
    return [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff].join('.');
  }
  return `${v6
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

function parseIpv4(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address ('::' expanded, a trailing dotted IPv4 converted), or null. */
function parseIpv6(text: string): number[] | null {
  let rest = text;
  const tail: number[] = [];
  const lastColon = rest.lastIndexOf(':');
  if (rest.includes('.')) {
    const v4 = parseIpv4(rest.slice(lastColon + 1));
    if (!v4 || lastColon < 0) return null;
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    rest = rest.slice(0, lastColon + 1);
    // 'a:b::1.2.3.4' leaves 'a:b::'; 'a:b:c:d:e:f:1.2.3.4' leaves a trailing ':' to drop.
    if (!rest.endsWith('::')) rest = rest.slice(0, -1);
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
      out.push(parseInt(group, 16));
    }
    return out;
  };
  const head = groups(halves[0]!);
  const after = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !after) return null;
  const known = head.length + after.length + tail.length;
  if (halves.length === 1) return known === 8 ? [...head, ...tail] : null;
  if (known > 7) return null;
  return [...head, ...Array<number>(8 - known).fill(0), ...after, ...tail];
}
