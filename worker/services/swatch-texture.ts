// Procedural material swatches as PNG bytes. Pure TypeScript + fflate, so it runs in Workers and Node alike.

import { zlibSync } from 'fflate';
import type { SwatchTexture } from '../shared/catalogue-types';

const HEX_RE = /^#[0-9A-Fa-f]{6}$/;
const MIN_SIZE = 8;
const MAX_SIZE = 512;
/** Patterns are designed on a 128px canvas and scaled, so every size shows the same swatch. */
const DESIGN_SIZE = 128;
const TAU = Math.PI * 2;

type Rgb = [number, number, number];

/** Deterministic noise sources for one swatch. */
interface Noise {
  /** Lattice hash in [0, 1). */
  hash(ix: number, iy: number): number;
  /** Smooth value noise in [-1, 1]. */
  value(x: number, y: number): number;
  /** Fractal sum of value noise in roughly [-1, 1]. */
  fbm(x: number, y: number, octaves: number): number;
}

/** How one material is drawn from a colour. Coordinates are in design pixels (0..128). */
interface TextureStyle {
  /** Signed lightness offset, about -1..1; its mean is removed so the swatch keeps the base colour. */
  shade(x: number, y: number, n: Noise): number;
  /** Optional red-vs-blue shift, about -1..1, for natural colour variation. */
  warmth?(x: number, y: number, n: Noise): number;
  /** How far a unit shade moves a channel. */
  contrast: number;
  /** Blend of the base colour toward white (sheer fabrics are lighter than their named colour). */
  lighten?: number;
}

// ---------------------------------------------------------------- public API

export function renderSwatchPng(hex: string, texture: SwatchTexture, size = 128): Uint8Array {
  if (typeof hex !== 'string' || !HEX_RE.test(hex)) {
    throw new RangeError(`Invalid swatch colour ${JSON.stringify(hex)}: expected #RRGGBB`);
  }
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) {
    throw new RangeError(`Invalid swatch size ${size}: expected an integer ${MIN_SIZE}..${MAX_SIZE}`);
  }
  const style = Object.prototype.hasOwnProperty.call(STYLES, texture) ? STYLES[texture] : undefined;
  if (!style) throw new RangeError(`Unknown swatch texture ${JSON.stringify(texture)}`);

  const noise = makeNoise(hashString(`${hex.toUpperCase()}|${texture}`));
  const rgb = renderPixels(parseHex(hex), style, noise, size);
  return encodePng(rgb, size, size);
}

// ---------------------------------------------------------------- colour + rendering

function parseHex(hex: string): Rgb {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function lightenRgb(c: Rgb, amount: number): Rgb {
  return [c[0] + (255 - c[0]) * amount, c[1] + (255 - c[1]) * amount, c[2] + (255 - c[2]) * amount];
}

/**
 * Channel levels moved by a unit shade. One swing for all channels keeps the hue steady;
 * mid tones get most, near-black and near-white still a visible minimum.
 */
function lightnessSwing([r, g, b]: Rgb, contrast: number): number {
  const luma = 0.299 * r + 0.587 * g + 0.114 * b;
  return contrast * (30 + Math.min(luma, 255 - luma) * 0.6);
}

/** Samples a style over the grid; returns zero-mean shade and warmth fields. */
function sampleFields(style: TextureStyle, noise: Noise, size: number): [Float32Array, Float32Array | null] {
  const scale = DESIGN_SIZE / size;
  const shade = new Float32Array(size * size);
  const warmth = style.warmth ? new Float32Array(size * size) : null;
  for (let y = 0, i = 0; y < size; y++) {
    const dy = (y + 0.5) * scale;
    for (let x = 0; x < size; x++, i++) {
      const dx = (x + 0.5) * scale;
      shade[i] = style.shade(dx, dy, noise);
      if (warmth) warmth[i] = style.warmth!(dx, dy, noise);
    }
  }
  // Centring the fields keeps the swatch's average on the named colour (the mapping to RGB is linear).
  subtractMean(shade);
  if (warmth) subtractMean(warmth);
  return [shade, warmth];
}

function subtractMean(field: Float32Array): void {
  let sum = 0;
  for (const v of field) sum += v;
  const mean = sum / field.length;
  for (let i = 0; i < field.length; i++) field[i]! -= mean;
}

/** Fraction of red a unit of warmth adds and of blue it takes away (relative, so dark colours barely tint). */
const WARMTH = 0.1;

function renderPixels(base: Rgb, style: TextureStyle, noise: Noise, size: number): Uint8Array {
  const [r, g, b] = style.lighten ? lightenRgb(base, style.lighten) : base;
  const swing = lightnessSwing([r, g, b], style.contrast);
  const [shade, warmth] = sampleFields(style, noise, size);
  const rgb = new Uint8Array(size * size * 3);
  for (let i = 0, o = 0; i < shade.length; i++, o += 3) {
    const s = shade[i]! * swing;
    const w = warmth ? warmth[i]! * WARMTH : 0;
    rgb[o] = clampByte(r * (1 + w) + s);
    rgb[o + 1] = clampByte(g + s);
    rgb[o + 2] = clampByte(b * (1 - w) + s);
  }
  return rgb;
}

function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

// ---------------------------------------------------------------- deterministic noise

/** FNV-1a: a stable 32-bit seed from the swatch's identity. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function makeNoise(seed: number): Noise {
  const hash = (ix: number, iy: number): number => {
    let h = seed ^ Math.imul(ix | 0, 0x27d4eb2d) ^ Math.imul(iy | 0, 0x165667b1);
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  };
  const value = (x: number, y: number): number => {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    const fx = smooth(x - ix);
    const fy = smooth(y - iy);
    const top = lerp(hash(ix, iy), hash(ix + 1, iy), fx);
    const bottom = lerp(hash(ix, iy + 1), hash(ix + 1, iy + 1), fx);
    return lerp(top, bottom, fy) * 2 - 1;
  };
  const fbm = (x: number, y: number, octaves: number): number => {
    let total = 0;
    let amp = 0.5;
    let freq = 1;
    for (let o = 0; o < octaves; o++) {
      // Offset each octave so lattice points do not line up into visible grid artefacts.
      total += value(x * freq + o * 17.3, y * freq + o * 9.1) * amp;
      freq *= 2;
      amp *= 0.5;
    }
    return total;
  };
  return { hash, value, fbm };
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

function fract(v: number): number {
  return v - Math.floor(v);
}

/** Raised-cosine bump across one period: 1 at the centre of a thread, 0 at its edges. */
function threadProfile(t: number): number {
  return 0.5 - 0.5 * Math.cos(TAU * t);
}

// ---------------------------------------------------------------- materials

/** Grain coordinate of a flat-sawn board: integer steps are growth rings that meander along x. */
function grainCoordinate(x: number, y: number, n: Noise): number {
  const flow = Math.sin(x / 47 + y / 90) * 0.5 + n.fbm(x / 90, y / 60, 2) * 2.2;
  const t = y / 7.5 + flow;
  // Uneven growth: stretch some rings and squeeze others.
  return t + Math.sin(t * 1.7) * 0.25;
}

const aluminiumPlain: TextureStyle = {
  contrast: 0.55,
  shade(x, y, n) {
    const light = -(y / DESIGN_SIZE) * 0.8;
    const slat = fract(y / 25.6);
    // Each slat is gently convex: brighter along its upper edge, a thin shadow where it meets the next.
    const curve = 0.15 * Math.cos(slat * Math.PI);
    const joint = slat > 0.96 ? -0.4 : slat < 0.025 ? 0.2 : 0;
    return light + curve + joint + n.value(x / 3, y / 3) * 0.02;
  },
};

const aluminiumBrushed: TextureStyle = {
  contrast: 0.55,
  shade(x, y, n) {
    // Noise stretched along x gives long thin streaks; a coarse per-row hash adds hairline scratches.
    const streak = n.fbm(x / 38, y * 1.3, 3) * 0.35 + (n.hash(Math.floor(x / 60), Math.floor(y * 2)) - 0.5) * 0.16;
    const d = (x - y * 0.6) / DESIGN_SIZE - 0.25;
    const sheen = Math.exp(-d * d * 18) * 0.7;
    return streak + sheen;
  },
};

const woodGrain: TextureStyle = {
  contrast: 0.6,
  shade(x, y, n) {
    const t = grainCoordinate(x, y, n);
    const ring = fract(t);
    // Growth rings darken gradually through the latewood then reset sharply, each ring its own depth.
    const latewood = ring * ring * ring * (0.45 + 0.55 * n.hash(Math.floor(t), 3));
    // Pores and streaks follow the grain by sampling noise in grain space.
    const streaks = n.value(x / 16, t * 6) * 0.16 + n.value(x / 5, t * 14) * 0.07;
    const figure = n.value(x / 60, y / 40) * 0.2;
    return -latewood * 0.8 + streaks + figure;
  },
  warmth(x, y, n) {
    return n.value(x / 50 + 5.1, y / 36) * 0.9;
  },
};

const linenWeave: TextureStyle = {
  contrast: 0.5,
  shade(x, y, n) {
    const period = 2.4;
    const row = Math.floor(y / period);
    const col = Math.floor(x / period);
    // Each yarn has its own tone that also drifts along its length: linen yarn is uneven.
    const weftTone = (n.hash(row, 11) - 0.5) * 0.5 + n.value(x / 14, row * 5.3) * 0.35;
    const warpTone = (n.hash(col, 23) - 0.5) * 0.4 + n.value(col * 5.3 + 50, y / 14) * 0.25;
    const weft = threadProfile(y / period) * (1 + weftTone);
    const warp = threadProfile(x / period) * (1 + warpTone);
    // Plain weave: whichever yarn passes over at this crossing is slightly raised and lit.
    const over = ((row + col) & 1) === 0 ? weft : warp;
    // Slubs: occasional thicker, lighter stretches along one weft, the signature of linen.
    const slubNoise = n.value(x / 24, row * 3.7 + 100);
    const slub = slubNoise > 0.45 ? (slubNoise - 0.45) * 0.9 * (0.5 + threadProfile(y / period)) : 0;
    return (weft + warp) * 0.35 + over * 0.25 + slub;
  },
};

const blockoutFabric: TextureStyle = {
  contrast: 0.3,
  shade(x, y, n) {
    const fine = n.value(x * 1.1, y * 1.1) * 0.35;
    const weave = (threadProfile(x / 1.6) + threadProfile(y / 1.6)) * 0.2;
    const mottle = n.fbm(x / 26, y / 26, 2) * 0.25;
    return fine + weave + mottle;
  },
};

const canvas: TextureStyle = {
  contrast: 0.45,
  shade(x, y, n) {
    const thread = 3.6;
    // Basket weave: pairs of threads travel together, so each over/under block is two threads wide.
    const block = thread * 2;
    const horizontal = ((Math.floor(x / block) + Math.floor(y / block)) & 1) === 0;
    const across = horizontal ? y / thread : x / thread;
    const along = horizontal ? x / block : y / block;
    // Threads dip toward the block ends where they pass under the crossing pair.
    const dip = Math.sin(Math.PI * fract(along));
    const fibre = horizontal ? n.value(x / 4, y * 1.4) : n.value(x * 1.4, y / 4);
    const body = threadProfile(across) * (0.6 + 0.4 * dip);
    const blockTone = (n.hash(Math.floor(x / block), Math.floor(y / block)) - 0.5) * 0.15;
    return body + blockTone + fibre * 0.2 + n.fbm(x / 40, y / 40, 2) * 0.15;
  },
};

const sheer: TextureStyle = {
  contrast: 0.7,
  lighten: 0.5,
  shade(x, y, n) {
    // Fine, slightly wandering warp threads; the gaps between them read as light through the voile.
    const pos = x / 1.8 + n.value(x / 40, y / 60) * 0.4;
    const warp = threadProfile(pos) * (0.6 + 0.8 * n.hash(Math.floor(pos), 7));
    const weft = threadProfile(y / 3.6) * 0.08;
    // Soft drape: broad vertical folds where light gathers and thins.
    const folds = Math.sin(x / 13 + n.value(x / 50, 1.3) * 2.5) * 0.35 + n.value(x / 30, 7.7) * 0.15;
    return folds - warp * 0.45 - weft;
  },
};

const honeycomb: TextureStyle = {
  contrast: 0.7,
  shade(x, y, n) {
    const t = fract((y / DESIGN_SIZE) * 7);
    // A cell face: dark glued seam, upper face lit and rising to the crease, lower face in shade.
    const face = t < 0.5 ? 0.1 + t * 0.9 : 0.55 - (t - 0.5) * 1.6;
    const seam = t < 0.05 || t > 0.97 ? -0.5 : 0;
    const crease = Math.abs(t - 0.5) < 0.025 ? 0.15 : 0;
    const fabric = n.value(x * 0.9, y * 0.9) * 0.08 + n.fbm(x / 30, y / 8, 2) * 0.08;
    return face + seam + crease + fabric;
  },
};

const pvc: TextureStyle = {
  contrast: 0.6,
  shade(x, y, n) {
    const t = grainCoordinate(x, y, n);
    // Emboss: a narrow ridge per ring; its slope (lit above, shadowed below) reads as pressed-in grain.
    const u = fract(t) - 0.5;
    const ridge = Math.exp(-u * u * 40);
    const relief = -u * ridge * (0.5 + n.hash(Math.floor(t), 5));
    const sheen = -(y / DESIGN_SIZE) * 0.35;
    const streaks = n.value(x / 16, t * 6) * 0.1;
    return relief * 1.8 + sheen + streaks + n.value(x / 2, y / 2) * 0.02;
  },
};

const STYLES: Record<SwatchTexture, TextureStyle> = {
  'aluminium-plain': aluminiumPlain,
  'aluminium-brushed': aluminiumBrushed,
  'wood-grain': woodGrain,
  'linen-weave': linenWeave,
  'blockout-fabric': blockoutFabric,
  canvas,
  sheer,
  honeycomb,
  pvc,
};

// ---------------------------------------------------------------- PNG encoding

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: length, type, data, then a CRC over type + data. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) chunk[4 + i] = type.charCodeAt(i);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

function ihdr(width: number, height: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data[8] = 8; // bit depth
  data[9] = 2; // colour type: truecolour RGB
  // compression, filter method and interlace bytes stay 0
  return data;
}

/** Rows prefixed with filter type 0 (None): on these noisy images PNG's predictors help some textures and hurt others. */
function scanlines(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 3;
  const out = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    out.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return out;
}

function encodePng(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const parts = [
    Uint8Array.from(PNG_SIGNATURE),
    pngChunk('IHDR', ihdr(width, height)),
    pngChunk('IDAT', zlibSync(scanlines(rgb, width, height), { level: 6 })),
    pngChunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    png.set(p, offset);
    offset += p.length;
  }
  return png;
}
