// The shutter visualiser's test photo (shutters.e2e, shutters-quote.e2e): a wall with a window,
// written as a PNG with node:zlib, and the window's corners in the page's tap order.
import { deflateSync } from 'node:zlib';

export const PHOTO_W = 640;
export const PHOTO_H = 480;
/** Corners in the page's tap order (TL, TR, BL, BR), in photo pixels, a little in perspective. */
export const TAPS = [
  { x: 150, y: 92 },
  { x: 492, y: 110 },
  { x: 156, y: 412 },
  { x: 486, y: 394 },
];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function windowPhoto(): Buffer {
  const raw = Buffer.alloc((PHOTO_W * 3 + 1) * PHOTO_H);
  for (let y = 0; y < PHOTO_H; y++) {
    const row = y * (PHOTO_W * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < PHOTO_W; x++) {
      // Wall, then the glass (sky gradient with a green hedge) inside the frame.
      let rgb = [214 - y / 12, 200 - y / 12, 176 - y / 12];
      const inside = x > 150 + (y - 92) * 0.02 && x < 490 - (y - 110) * 0.02 && y > 92 + (x - 150) * 0.05 && y < 412 - (x - 156) * 0.05;
      if (inside) rgb = y > 330 ? [70, 120 + (x % 40), 60] : [90 + y / 4, 150 + y / 5, 235];
      raw.set(
        rgb.map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        row + 1 + x * 3,
      );
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(PHOTO_W, 0);
  ihdr.writeUInt32BE(PHOTO_H, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
