// Huffman tables (T.81 annex C) and the bit reader of the entropy-coded data (F.2.2).

import { corruptJpeg } from '../errors';

/** Codes up to this many bits are found with one table look-up; longer ones (rare) walk the code lengths. */
const FAST_BITS = 9;

export interface HuffmanTable {
  /** Indexed by the next FAST_BITS bits: (code length << 8) | symbol, or 0 for a longer code. */
  fast: Uint16Array;
  /** Per code length 1..16: the largest code of that length (-1 when none), and where its symbols start. */
  maxCode: Int32Array;
  offset: Int32Array;
  symbols: Uint8Array;
}

/** Builds a table from a DHT's 16 code-length counts and its symbols (canonical codes, C.2). */
export function buildHuffmanTable(counts: Uint8Array, symbols: Uint8Array): HuffmanTable {
  const fast = new Uint16Array(1 << FAST_BITS);
  const maxCode = new Int32Array(18).fill(-1);
  const offset = new Int32Array(18);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    const n = counts[length - 1]!;
    offset[length] = k - code; // symbol index = code + offset[length]
    for (let i = 0; i < n; i++, k++, code++) {
      if (length <= FAST_BITS) {
        // Every FAST_BITS-bit pattern that starts with this code maps to it.
        const shift = FAST_BITS - length;
        const first = code << shift;
        for (let j = 0; j < 1 << shift; j++) fast[first + j] = (length << 8) | symbols[k]!;
      }
    }
    if (n > 0) maxCode[length] = code - 1;
    if (code > 1 << length) throw corruptJpeg('a Huffman table has more codes than fit');
    code <<= 1;
  }
  maxCode[17] = 0x7fffffff; // sentinel: a 17-bit "code" is always an error
  return { fast, maxCode, offset, symbols };
}

/**
 * Reads bits MSB first, removing the 0x00 stuffed after each 0xFF. At a marker it stops and supplies
 * zero bits, so a truncated scan decodes to flat blocks (or a Huffman error) rather than reading on.
 */
export class BitReader {
  private buffer = 0;
  private count = 0;
  private atMarker = false;

  constructor(
    private readonly bytes: Uint8Array,
    public pos: number,
  ) {}

  private fill(): void {
    const b = this.bytes;
    while (this.count <= 24) {
      let byte = 0;
      if (!this.atMarker && this.pos < b.length) {
        byte = b[this.pos]!;
        if (byte === 0xff) {
          const next = b[this.pos + 1];
          if (next === 0x00) this.pos += 2;
          else {
            this.atMarker = true;
            byte = 0;
          }
        } else this.pos++;
      }
      this.buffer = (this.buffer << 8) | byte;
      this.count += 8;
    }
  }

  decode(table: HuffmanTable): number {
    if (this.count < 16) this.fill();
    const entry = table.fast[(this.buffer >>> (this.count - FAST_BITS)) & ((1 << FAST_BITS) - 1)]!;
    if (entry !== 0) {
      this.count -= entry >> 8;
      return entry & 0xff;
    }
    for (let length = FAST_BITS + 1; length <= 16; length++) {
      const code = (this.buffer >>> (this.count - length)) & ((1 << length) - 1);
      if (code <= table.maxCode[length]!) {
        this.count -= length;
        const symbol = table.symbols[code + table.offset[length]!];
        if (symbol === undefined) break;
        return symbol;
      }
    }
    throw corruptJpeg('the image data has an unknown Huffman code');
  }

  /** `n` (0..16) raw bits as an unsigned number. */
  bits(n: number): number {
    if (n === 0) return 0;
    if (this.count < n) this.fill();
    this.count -= n;
    return (this.buffer >>> this.count) & ((1 << n) - 1);
  }

  /** A coefficient of `n` bits (F.2.2.1 EXTEND): the low half of each range is negative. */
  signed(n: number): number {
    const v = this.bits(n);
    return v < 1 << (n - 1) ? v - (1 << n) + 1 : v;
  }

  /**
   * After a restart interval: drop the padding bits, then step over the RSTn marker (E.1.4). Returns
   * false when the next marker is not a restart marker (the scan ended early).
   */
  restart(): boolean {
    this.buffer = 0;
    this.count = 0;
    this.atMarker = false;
    const b = this.bytes;
    while (this.pos + 1 < b.length) {
      if (b[this.pos] === 0xff) {
        const next = b[this.pos + 1]!;
        if (next >= 0xd0 && next <= 0xd7) {
          this.pos += 2;
          return true;
        }
        if (next !== 0x00 && next !== 0xff) return false;
      }
      this.pos++;
    }
    return false;
  }

  /** Position of the marker that ends the scan (the entropy-coded data never contains a bare 0xFF). */
  scanEnd(): number {
    const b = this.bytes;
    let p = this.pos;
    while (p + 1 < b.length) {
      if (b[p] === 0xff) {
        const next = b[p + 1]!;
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return p;
      }
      p++;
    }
    return b.length;
  }
}
