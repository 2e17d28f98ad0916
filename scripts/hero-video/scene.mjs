// The hero video's scene: frame size and timing, colour helpers, the camera, the window and
// blind geometry, and the palettes.

export const W = 960;
export const H = 540;
export const FPS = 24;
export const FRAMES = 192; // 8 s; frame 0 and frame FRAMES-1 are identical
export const POSTER_FRAME = 40; // slats part-open, sunlight stripes clearly visible

// ------------------------------------------------------------- helpers ---

export const clamp01 = (v) => (v < 0 ? 0 : v > 1 ? 1 : v);
export const lerp = (a, b, t) => a + (b - a) * t;
export const smooth = (e0, e1, v) => {
  const t = clamp01((v - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};
// sRGB hex -> linear RGB triple
export const lin = (hex) => {
  const c = [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
  return c.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  });
};
export const mix3 = (a, b, t) => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];
// cheap deterministic value noise (for subtle plaster / wood / hill texture)
export const hash = (x, y) => {
  let h = (x * 374761393 + y * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
};
export const vnoise = (x, y) => {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash(xi, yi);
  const b = hash(xi + 1, yi);
  const c = hash(xi, yi + 1);
  const d = hash(xi + 1, yi + 1);
  return lerp(lerp(a, b, sx), lerp(c, d, sx), sy);
};

// linear -> sRGB byte with a soft highlight shoulder, via lookup table
export const LUT_N = 8192;
export const LUT_MAX = 4;
export const toSRGB = new Float32Array(LUT_N + 1);
for (let i = 0; i <= LUT_N; i++) {
  let v = (i / LUT_N) * LUT_MAX;
  if (v > 0.82) v = 0.82 + 0.18 * (1 - Math.exp(-(v - 0.82) / 0.18));
  const s = v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
  toSRGB[i] = s * 255;
}
// 4x4 ordered dither (static, so it costs almost nothing to encode)
export const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16 - 0.5);

// -------------------------------------------------------------- camera ---
// Camera at the origin looking down +Z, Y up. The back wall is the plane
// Z = 4 m; the floor is Y = -1.4 m. Screen: x = CX + F*X/Z, y = HY - F*Y/Z.

export const CX = 480;
export const HY = 240; // eye level / horizon row
export const ZW = 4; // wall
export const FLOOR_Y = -1.4;
export const WALL_BASE = 425; // screen row where the floor meets the wall
export const F = ((WALL_BASE - HY) * ZW) / -FLOOR_Y;
export const toX = (x, Z) => ((x - CX) * Z) / F;
export const toY = (y, Z) => ((HY - y) * Z) / F;
export const sx = (X, Z) => CX + (F * X) / Z;
export const sy = (Y, Z) => HY - (F * Y) / Z;

// Window opening in the wall (pixel-aligned on screen at the wall face).
export const OPEN = { x0: 572, x1: 878, y0: 58, y1: 372 };
export const XL = toX(OPEN.x0, ZW);
export const XR = toX(OPEN.x1, ZW);
export const YT = toY(OPEN.y0, ZW);
export const YB = toY(OPEN.y1, ZW);
export const ZG = 4.3; // glass + blind plane (0.3 m deep reveal)
export const GLASS = { x0: sx(XL, ZG), x1: sx(XR, ZG), y0: sy(YT, ZG), y1: sy(YB, ZG) };
export const FRAME_T = 0.045; // window frame bar thickness (m)
export const XMID = (XL + XR) / 2;

// Sun: warm late-afternoon light from outside, upper left, 32 deg profile.
export const SUN_E = (32 * Math.PI) / 180;
export const SUN = (() => {
  const v = [-0.2, Math.tan(SUN_E), 1];
  const n = Math.hypot(...v);
  return v.map((c) => c / n);
})();
export const SUN_COL = lin(0xffdfb6).map((c) => c * 3.0);

// Venetian blind (in the glass plane, spans the glass).
export const RAIL_H = 0.065; // headrail
export const BOT_H = 0.035; // bottom rail
export const N_SLATS = 17;
export const SLAT_TOP = YT - RAIL_H - 0.075; // first slat centre
export const SLAT_BOT = YB + BOT_H + 0.07; // last slat centre
export const PITCH = (SLAT_TOP - SLAT_BOT) / (N_SLATS - 1);
export const SLAT_W = PITCH * 1.06;
export const SLAT_TH = 0.004;
export const slatY = (k) => SLAT_TOP - k * PITCH;
export const CORD_X = [XL + (XR - XL) * 0.17, XL + (XR - XL) * 0.5, XL + (XR - XL) * 0.83];

// Tilt over the loop: starts part-open, closes, opens toward the sun, returns.
// phi > 0: room-side edge up (closing up); phi < 0: room-side edge down.
export const tiltAt = (phase) => {
  // cosine keeps the motion soft; the loop starts at rest, open toward the sun
  // (-28 deg), and is nearly closed (48 deg) at the midpoint
  const deg = 10 - 38 * Math.cos(2 * Math.PI * phase);
  return (deg * Math.PI) / 180;
};

// ----------------------------------------------------------- palettes ---

export const C = {
  skyTop: lin(0x8fb3cc),
  skyMid: lin(0xbcd0dc),
  skyLow: lin(0xe9e3d6),
  haze: lin(0xf3e6cf),
  seaFar: lin(0x8aa8b4),
  seaNear: lin(0x6f98a9),
  seaShore: lin(0xa9c6c6),
  head: lin(0x9fb0b5),
  head2: lin(0x8d9f98),
  hill: lin(0x97a081),
  hillDark: lin(0x7a846a),
  dune: lin(0xd9c7a2),
  duneShade: lin(0xbfae8b),
  fynbos: lin(0x86906f),
  frame: lin(0xeeebe4),
  plaster: lin(0xeadcc6),
  reveal: lin(0xeee6d8),
  sill: lin(0xf1ece2),
  skirting: lin(0xefe9de),
  oak: lin(0xc8ab88),
  oakDark: lin(0xab8e6c),
  slat: lin(0xf4efe4),
  rail: lin(0xf6f2ea),
  cord: lin(0xe8e0d0),
  wand: lin(0xd8dcdc),
};
