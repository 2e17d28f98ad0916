#!/usr/bin/env node
/**
 * make-hero-video.mjs: renders the landing-page hero loop procedurally.
 *
 * What it renders: a calm, stylised room corner. A recessed window on the
 * right of the frame looks out onto a Garden Route style coastal scene (sky
 * gradient, soft blue sea band, hazy headland, sage hills, sand dunes). A
 * made-to-measure venetian blind hangs in the window. Over the loop its
 * slats tilt slowly open and closed, and the striped bands of warm sunlight
 * they let through (across the window reveal, the sill and the oak floor)
 * change with the slat angle. The left half is an unlit plaster wall that
 * stays dark enough for headline text laid over it.
 *
 * Everything is drawn here with simple per-pixel maths (a small 3D camera
 * model, gradients, analytic anti-aliased slat edges, soft sunlight
 * penumbrae). No stock footage and no external assets are used. The frames
 * go to ffmpeg's stdin as raw RGB24 and ffmpeg writes:
 *   web/public/media/hero.webm        VP9, CRF 40, no audio
 *   web/public/media/hero.mp4         H.264 main, yuv420p, faststart, no audio (Safari)
 *   web/public/media/hero-poster.jpg  one representative frame
 * 960x540, 24 fps, 8 s. The loop is seamless: the first and last frames are
 * identical, at a point where the slats are momentarily at rest.
 *
 * The outputs are committed to the repository, so the site build does not
 * need ffmpeg. Re-run this script only to change the video:
 *   node scripts/make-hero-video.mjs
 * Requires Node 20+ (standard library only) and ffmpeg on PATH.
 */

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// ---------------------------------------------------------------- setup ---

const probe = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
if (probe.error || probe.status !== 0) {
  console.error('ffmpeg is required: apt-get install -y ffmpeg');
  process.exit(1);
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'web', 'public', 'media');
const OUT_WEBM = join(OUT_DIR, 'hero.webm');
const OUT_MP4 = join(OUT_DIR, 'hero.mp4');
const OUT_POSTER = join(OUT_DIR, 'hero-poster.jpg');

const W = 960;
const H = 540;
const FPS = 24;
const FRAMES = 192; // 8 s; frame 0 and frame FRAMES-1 are identical
const POSTER_FRAME = 40; // slats part-open, sunlight stripes clearly visible

// ------------------------------------------------------------- helpers ---

const clamp01 = (v) => (v < 0 ? 0 : v > 1 ? 1 : v);
const lerp = (a, b, t) => a + (b - a) * t;
const smooth = (e0, e1, v) => {
  const t = clamp01((v - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};
// sRGB hex -> linear RGB triple
const lin = (hex) => {
  const c = [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
  return c.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  });
};
const mix3 = (a, b, t) => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];
// cheap deterministic value noise (for subtle plaster / wood / hill texture)
const hash = (x, y) => {
  let h = (x * 374761393 + y * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
};
const vnoise = (x, y) => {
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
const LUT_N = 8192;
const LUT_MAX = 4;
const toSRGB = new Float32Array(LUT_N + 1);
for (let i = 0; i <= LUT_N; i++) {
  let v = (i / LUT_N) * LUT_MAX;
  if (v > 0.82) v = 0.82 + 0.18 * (1 - Math.exp(-(v - 0.82) / 0.18));
  const s = v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
  toSRGB[i] = s * 255;
}
// 4x4 ordered dither (static, so it costs almost nothing to encode)
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16 - 0.5);

// -------------------------------------------------------------- camera ---
// Camera at the origin looking down +Z, Y up. The back wall is the plane
// Z = 4 m; the floor is Y = -1.4 m. Screen: x = CX + F*X/Z, y = HY - F*Y/Z.

const CX = 480;
const HY = 240; // eye level / horizon row
const ZW = 4; // wall
const FLOOR_Y = -1.4;
const WALL_BASE = 425; // screen row where the floor meets the wall
const F = ((WALL_BASE - HY) * ZW) / -FLOOR_Y;
const toX = (x, Z) => ((x - CX) * Z) / F;
const toY = (y, Z) => ((HY - y) * Z) / F;
const sx = (X, Z) => CX + (F * X) / Z;
const sy = (Y, Z) => HY - (F * Y) / Z;

// Window opening in the wall (pixel-aligned on screen at the wall face).
const OPEN = { x0: 572, x1: 878, y0: 58, y1: 372 };
const XL = toX(OPEN.x0, ZW);
const XR = toX(OPEN.x1, ZW);
const YT = toY(OPEN.y0, ZW);
const YB = toY(OPEN.y1, ZW);
const ZG = 4.3; // glass + blind plane (0.3 m deep reveal)
const GLASS = { x0: sx(XL, ZG), x1: sx(XR, ZG), y0: sy(YT, ZG), y1: sy(YB, ZG) };
const FRAME_T = 0.045; // window frame bar thickness (m)
const XMID = (XL + XR) / 2;

// Sun: warm late-afternoon light from outside, upper left, 32 deg profile.
const SUN_E = (32 * Math.PI) / 180;
const SUN = (() => {
  const v = [-0.2, Math.tan(SUN_E), 1];
  const n = Math.hypot(...v);
  return v.map((c) => c / n);
})();
const SUN_COL = lin(0xffdfb6).map((c) => c * 3.0);

// Venetian blind (in the glass plane, spans the glass).
const RAIL_H = 0.065; // headrail
const BOT_H = 0.035; // bottom rail
const N_SLATS = 17;
const SLAT_TOP = YT - RAIL_H - 0.075; // first slat centre
const SLAT_BOT = YB + BOT_H + 0.07; // last slat centre
const PITCH = (SLAT_TOP - SLAT_BOT) / (N_SLATS - 1);
const SLAT_W = PITCH * 1.06;
const SLAT_TH = 0.004;
const slatY = (k) => SLAT_TOP - k * PITCH;
const CORD_X = [XL + (XR - XL) * 0.17, XL + (XR - XL) * 0.5, XL + (XR - XL) * 0.83];

// Tilt over the loop: starts part-open, closes, opens toward the sun, returns.
// phi > 0: room-side edge up (closing up); phi < 0: room-side edge down.
const tiltAt = (phase) => {
  // cosine keeps the motion soft; the loop starts at rest, open toward the sun
  // (-28 deg), and is nearly closed (48 deg) at the midpoint
  const deg = 10 - 38 * Math.cos(2 * Math.PI * phase);
  return (deg * Math.PI) / 180;
};

// ----------------------------------------------------------- palettes ---

const C = {
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

// --------------------------------------------------- static layer: view ---
// Everything seen through the glass (without the blind), in linear RGB.

function viewColor(x, y) {
  // x, y in screen px inside the glass rect; frame bars first
  const Zg = ZG;
  const X = toX(x, Zg);
  const Y = toY(y, Zg);
  const inFrame =
    X < XL + FRAME_T || X > XR - FRAME_T || Y > YT - FRAME_T || Y < YB + FRAME_T || Math.abs(X - XMID) < FRAME_T * 0.6;
  if (inFrame) {
    // white-painted frame, backlit so a little shaded; slight bevel
    const edge = Math.min(
      Math.abs(X - (XL + FRAME_T)),
      Math.abs(X - (XR - FRAME_T)),
      Math.abs(Y - (YT - FRAME_T)),
      Math.abs(Y - (YB + FRAME_T)),
      Math.abs(Math.abs(X - XMID) - FRAME_T * 0.6),
    );
    const k = 0.62 + 0.1 * smooth(0, 0.02, edge);
    return C.frame.map((c) => c * k);
  }
  const u = (x - GLASS.x0) / (GLASS.x1 - GLASS.x0); // 0..1 across the glass
  const horizon = HY - 6;
  // distant headland on the right (hazy blue-grey)
  const headTop = horizon - 19 * smooth(0.5, 0.86, u) - 3 * Math.sin(u * 11.0) * smooth(0.6, 0.8, u);
  const headTop2 = horizon - 7 * smooth(0.36, 0.6, u) + 1.5 * Math.sin(u * 17);
  // near hills (sage) and dunes
  const hillTop = horizon + 50 + 16 * Math.sin(u * 3.3 + 0.6) + 7 * Math.sin(u * 8.1 + 1.2) - 18 * (1 - smooth(0.0, 0.45, u));
  const duneTop = horizon + 90 + 9 * Math.sin(u * 5.2 + 2.0) + 4 * Math.sin(u * 13 + 0.5);

  let col;
  if (y < horizon) {
    const t = clamp01((y - GLASS.y0) / (horizon - GLASS.y0));
    col = t < 0.55 ? mix3(C.skyTop, C.skyMid, t / 0.55) : mix3(C.skyMid, C.skyLow, (t - 0.55) / 0.45);
    // warm glow toward the (off-frame, upper-left) sun
    const g = Math.exp(-((u + 0.15) ** 2) / 0.35) * (0.35 + 0.65 * t);
    col = mix3(col, C.haze, 0.25 * g);
    // one or two very soft high clouds
    const cl =
      smooth(0.5, 0.85, vnoise(u * 2.2 + 3, y * 0.07) * 0.75 + vnoise(u * 7, y * 0.18) * 0.25) *
      smooth(GLASS.y0 + 20, 140, y) *
      (1 - smooth(160, 205, y));
    col = mix3(col, C.haze.map((c) => c * 1.02), 0.3 * cl);
  } else {
    const t = clamp01((y - horizon) / 70);
    col = mix3(C.seaFar, C.seaNear, Math.sqrt(t));
    col = mix3(col, C.skyLow, 0.18 * (1 - smooth(0, 0.25, t))); // haze at horizon
  }
  if (y >= headTop2 && y < horizon + 1) {
    const a = smooth(headTop2 - 0.6, headTop2 + 0.6, y) * smooth(0.34, 0.4, u);
    col = mix3(col, C.head, 0.85 * a);
  }
  if (y >= headTop && y < horizon + 1) {
    const a = smooth(headTop - 0.6, headTop + 0.6, y) * smooth(0.49, 0.53, u);
    col = mix3(col, mix3(C.head2, C.head, 0.4 + 0.6 * clamp01((horizon - y) / 25)), a);
  }
  // shoreline foam band just above the hills
  if (y > hillTop - 10 && y < hillTop + 2) {
    const a = smooth(hillTop - 9, hillTop - 2, y) * (1 - smooth(hillTop - 0.5, hillTop + 0.5, y));
    col = mix3(col, C.seaShore, 0.55 * a);
  }
  if (y >= hillTop - 1) {
    const a = smooth(hillTop - 0.7, hillTop + 0.7, y);
    const d = clamp01((y - hillTop) / 60);
    let hc = mix3(C.hill, C.hillDark, 0.35 + 0.5 * d);
    hc = mix3(hc, C.fynbos, 0.25 * vnoise(x * 0.05, y * 0.1));
    col = mix3(col, hc, a);
  }
  if (y >= duneTop - 1) {
    const a = smooth(duneTop - 0.7, duneTop + 0.7, y);
    const d = clamp01((y - duneTop) / 40);
    let dc = mix3(C.dune, C.duneShade, 0.2 + 0.6 * d);
    dc = mix3(dc, C.fynbos, 0.3 * smooth(0.5, 0.85, vnoise(x * 0.05, y * 0.12)));
    col = mix3(col, dc, a);
  }
  // the view is brighter than the room (exterior daylight)
  return col.map((c) => c * 1.08);
}

// ---------------------------------------------- static layer: the room ---
// Returns { col (albedo * ambient, linear), surf, P:[X,Y,Z], n:[nx,ny,nz] }.

function roomSample(x, y) {
  const inOpen = x >= OPEN.x0 && x < OPEN.x1 && y >= OPEN.y0 && y < OPEN.y1;
  if (inOpen) {
    // reveal surfaces between the wall face and the glass
    // right jamb: plane X = XR
    const Zj = (F * XR) / (x - CX);
    const Yj = toY(y, Zj);
    if (Zj >= ZW && Zj <= ZG && Yj <= YT && Yj >= YB) {
      const d = (Zj - ZW) / (ZG - ZW);
      const k = 0.62 + 0.1 * d; // darker toward the room, it faces away from the room light
      return { col: C.reveal.map((c) => c * k), surf: 2, P: [XR, Yj, Zj], n: [-1, 0, 0] };
    }
    if (y < HY) {
      // head (soffit), plane Y = YT: faces down, never sunlit
      const Zh = (F * YT) / (HY - y);
      const d = clamp01((Zh - ZW) / (ZG - ZW));
      return { col: C.reveal.map((c) => c * (0.5 + 0.08 * d)), surf: 3, P: null, n: null };
    }
    // sill, plane Y = YB: faces up
    const Zs = (F * YB) / (HY - y);
    const Xs = toX(x, Zs);
    return { col: C.sill.map((c) => c * 0.74), surf: 4, P: [Xs, YB, Zs], n: [0, 1, 0] };
  }
  if (y < WALL_BASE) {
    // back wall: plaster lit by the window; darker toward the left
    const X = toX(x, ZW);
    const Y = toY(y, ZW);
    const dx = Math.max(0, XL - X, X - XR);
    const dy = Math.max(0, YB - Y, Y - YT);
    const dWin = Math.hypot(dx, dy);
    const glow = Math.exp(-dWin / 1.1);
    const lf = smooth(-3.6, 1.2, X);
    const leftFall = lf * lf;
    const vert = 0.92 + 0.08 * smooth(-1.4, 0.2, Y) - 0.16 * smooth(0.4, 2.3, Y);
    let k = (0.1 + 0.42 * leftFall + 0.22 * glow) * vert;
    // faint plaster texture
    const tex = 0.985 + 0.03 * (vnoise(x * 0.05, y * 0.05) - 0.5);
    k *= tex;
    if (Y < FLOOR_Y + 0.1) {
      // skirting board with a tiny top bevel shadow
      const top = smooth(0, 0.006, FLOOR_Y + 0.1 - Y);
      return { col: C.skirting.map((c) => c * k * (0.82 + 0.18 * top)), surf: 5, P: null, n: null };
    }
    const col = C.plaster.map((c) => c * k);
    return { col, surf: 1, P: null, n: null };
  }
  // floor: oak boards running toward the wall
  const Z = (F * -FLOOR_Y) / (y - HY);
  const X = toX(x, Z);
  const board = 0.155;
  const bx = X / board;
  const bi = Math.floor(bx);
  const fx = bx - bi;
  // board tone varies a little; seams are soft dark lines
  const tone = 0.92 + 0.14 * hash(bi, 7);
  const grain = 0.96 + 0.08 * vnoise(bi * 13.1 + fx * 2, Z * 9);
  const seamW = 0.012 / board;
  const seam = 1 - 0.28 * (1 - smooth(0, seamW, Math.min(fx, 1 - fx)));
  let col = mix3(C.oak, C.oakDark, 0.3 + 0.3 * hash(bi, 3)).map((c) => c * tone * grain * seam);
  // ambient: brighter near the window, falling off to the left and toward the camera
  const lf = smooth(-3.4, 1.6, X);
  const leftFall = lf * lf;
  const nearWall = 0.7 + 0.3 * smooth(2.4, 4.0, Z);
  const shadowLine = 0.8 + 0.2 * smooth(0, 0.05, ZW - Z); // contact shadow at the skirting
  const k = (0.09 + 0.44 * leftFall) * nearWall * shadowLine;
  col = col.map((c) => c * k);
  return { col, surf: 6, P: [X, FLOOR_Y, Z], n: [0, 1, 0] };
}

// ------------------------------------------------------ sun / blind math ---

// Fraction of a glass-plane point (height Y) that the blind lets the sun
// through, given the slat shadow half-extent E2 (m) and penumbra blur b (m).
function blindTransmission(Y, E2, b) {
  // headrail / bottom rail (fully opaque)
  let t = smooth(YT - RAIL_H - b, YT - RAIL_H + b, Y);
  t = 1 - t;
  t *= smooth(YB + BOT_H - b, YB + BOT_H + b, Y);
  if (t <= 0) return 0;
  // nearest slats
  const kf = (SLAT_TOP - Y) / PITCH;
  const k0 = Math.floor(kf);
  let shade = 0;
  for (let k = k0 - 1; k <= k0 + 2; k++) {
    if (k < 0 || k >= N_SLATS) continue;
    const c = slatY(k);
    const lo = c - E2;
    const hi = c + E2;
    shade += smooth(lo - b, lo + b, Y) - smooth(hi - b, hi + b, Y);
  }
  return t * clamp01(1 - shade);
}

// ---------------------------------------------------------- precompute ---

console.log('precomputing static layers...');
const t0 = Date.now();
const N = W * H;
const roomCol = new Float32Array(N * 3);
const viewCol = new Float32Array(N * 3);
const glassA = new Float32Array(N); // coverage of the glass/blind plane

// analytic coverage of the visible glass rect (its left edge is hidden by the wall)
const gx0 = OPEN.x0;
const gx1 = GLASS.x1;
const gy0 = GLASS.y0;
const gy1 = GLASS.y1;
const overlap = (a0, a1, b0, b1) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

const bounce = new Float32Array(N * 3); // warm light bounced off the sunlit floor
const BOUNCE_C = [2.3, FLOOR_Y, 3.1]; // rough centre of the floor patch
const BOUNCE_COL = lin(0xffcf9a);
const SS = 3;
const sunlit = []; // per-pixel sun queries (room surfaces that can receive sun)
for (let py = 0; py < H; py++) {
  for (let px = 0; px < W; px++) {
    const i = py * W + px;
    const a = overlap(px, px + 1, gx0, gx1) * overlap(py, py + 1, gy0, gy1);
    glassA[i] = a;
    if (a > 0) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy_ = 0; sy_ < SS; sy_++)
        for (let sx_ = 0; sx_ < SS; sx_++) {
          const c = viewColor(px + (sx_ + 0.5) / SS, py + (sy_ + 0.5) / SS);
          r += c[0];
          g += c[1];
          b += c[2];
        }
      viewCol[i * 3] = r / (SS * SS);
      viewCol[i * 3 + 1] = g / (SS * SS);
      viewCol[i * 3 + 2] = b / (SS * SS);
    }
    if (a < 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy_ = 0; sy_ < SS; sy_++)
        for (let sx_ = 0; sx_ < SS; sx_++) {
          const s = roomSample(px + (sx_ + 0.5) / SS, py + (sy_ + 0.5) / SS);
          r += s.col[0];
          g += s.col[1];
          b += s.col[2];
        }
      roomCol[i * 3] = r / (SS * SS);
      roomCol[i * 3 + 1] = g / (SS * SS);
      roomCol[i * 3 + 2] = b / (SS * SS);
      // sun query at the pixel centre (penumbrae are soft, so one sample is enough)
      const s = roomSample(px + 0.5, py + 0.5);
      if (s.surf === 1 || s.surf === 5 || s.surf === 6) {
        let P;
        if (s.surf === 6) P = s.P;
        else P = [toX(px + 0.5, ZW), toY(py + 0.5, ZW), ZW];
        const d2 = (P[0] - BOUNCE_C[0]) ** 2 + (P[1] - BOUNCE_C[1]) ** 2 * 0.6 + (P[2] - BOUNCE_C[2]) ** 2;
        const wgt = (s.surf === 6 ? 0.05 : 0.16) * Math.exp(-d2 / 1.6);
        for (let c = 0; c < 3; c++) bounce[i * 3 + c] = roomCol[i * 3 + c] * BOUNCE_COL[c] * wgt * 3;
      }
      if (s.P) {
        const [X, Y, Z] = s.P;
        const cosI = s.n[0] * SUN[0] + s.n[1] * SUN[1] + s.n[2] * SUN[2];
        if (cosI > 0) {
          const lam = (ZG - Z) / SUN[2];
          const QX = X + lam * SUN[0];
          const QY = Y + lam * SUN[1];
          const dist = lam; // distance from the blind: penumbra grows with it
          const blur = 0.004 + 0.012 * dist;
          // window frame (opening + frame bars + mullion) as a soft mask
          const inX =
            smooth(XL + FRAME_T - blur, XL + FRAME_T + blur, QX) * (1 - smooth(XR - FRAME_T - blur, XR - FRAME_T + blur, QX));
          const mull = smooth(FRAME_T * 0.6 - blur, FRAME_T * 0.6 + blur, Math.abs(QX - XMID));
          const inY =
            smooth(YB + FRAME_T - blur, YB + FRAME_T + blur, QY) * (1 - smooth(YT - FRAME_T - blur, YT - FRAME_T + blur, QY));
          const m = inX * inY * mull;
          if (m > 0.002) {
            // albedo for the sun term: room colour without ambient shading
            sunlit.push({ i, QY, blur, w: m * cosI, surf: s.surf, X: s.P[0], Z: s.P[2] });
          }
        }
      }
    }
  }
}
// albedo per sunlit pixel (recompute cheaply without the ambient factor)
const sunIdx = new Int32Array(sunlit.length);
const sunQY = new Float32Array(sunlit.length);
const sunBlur = new Float32Array(sunlit.length);
const sunRGB = new Float32Array(sunlit.length * 3);
sunlit.forEach((s, j) => {
  sunIdx[j] = s.i;
  sunQY[j] = s.QY;
  sunBlur[j] = s.blur;
  let alb;
  if (s.surf === 6) {
    const bx = s.X / 0.155;
    const bi = Math.floor(bx);
    const fx = bx - bi;
    const seam = 1 - 0.28 * (1 - smooth(0, 0.012 / 0.155, Math.min(fx, 1 - fx)));
    const tone = 0.92 + 0.14 * hash(bi, 7);
    const grain = 0.96 + 0.08 * vnoise(bi * 13.1 + fx * 2, s.Z * 9);
    alb = mix3(C.oak, C.oakDark, 0.3 + 0.3 * hash(bi, 3)).map((c) => c * tone * grain * seam);
  } else if (s.surf === 4) alb = C.sill;
  else alb = C.reveal;
  for (let c = 0; c < 3; c++) sunRGB[j * 3 + c] = alb[c] * SUN_COL[c] * s.w;
});
console.log(`  ${sunlit.length} sun-receiving pixels, ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// screen rows of the blind parts (in the glass plane)
const RAIL_Y0 = sy(YT, ZG);
const RAIL_Y1 = sy(YT - RAIL_H, ZG);
const BOT_Y0 = sy(YB + BOT_H, ZG);
const BOT_Y1 = sy(YB, ZG);
const CORD_SX = CORD_X.map((X) => sx(X, ZG - 0.03));
const WAND_SX = sx(XR - 0.16, ZG - 0.05);
const WAND_Y1 = sy(YT - RAIL_H - 1.25, ZG - 0.05);

// ---------------------------------------------------------------- frame ---

const lin3 = new Float32Array(N * 3);
const rgb = Buffer.alloc(N * 3);

function renderFrame(phase) {
  const phi = tiltAt(phase);
  const sinP = Math.sin(phi);
  const cosP = Math.cos(phi);
  // sun shadow of one slat projected onto the blind plane (half extent)
  const E = (SLAT_W * Math.sin(phi + SUN_E)) / Math.cos(SUN_E);
  const E2 = Math.abs(E) / 2 + SLAT_TH;
  const openFrac = clamp01(1 - (2 * E2) / PITCH); // share of direct sun let through
  // top faces: the part near the glass is sunlit, the rest is shaded by the slat above
  const litFrac = E > 1e-6 ? clamp01(PITCH / E) : 0;
  const topSun = Math.max(0, Math.sin(phi + SUN_E));
  const roomAmb = 0.88 + 0.2 * openFrac; // bounce light rises as the blind opens

  // per-slat screen geometry: front (room-side) and back edge rows
  const slats = [];
  for (let k = 0; k < N_SLATS; k++) {
    const Yc = slatY(k);
    const yF = sy(Yc + (SLAT_W / 2) * sinP, ZG - (SLAT_W / 2) * cosP);
    const yB = sy(Yc - (SLAT_W / 2) * sinP, ZG + (SLAT_W / 2) * cosP);
    const top = Math.min(yF, yB) - 0.45;
    const bot = Math.max(yF, yB) + 0.45;
    slats.push({ yF, yB, top, bot, topFace: yF > yB });
  }
  // draw order so that nearer slat edges win where they overlap
  const order = phi >= 0 ? slats : [...slats].reverse();

  // 1) room surfaces (roomCol is zero where the glass fully covers a pixel)
  const bk = openFrac * openFrac;
  for (let j = 0; j < N * 3; j++) lin3[j] = roomCol[j] * roomAmb + bounce[j] * bk;
  // 2) sunlight on floor / reveal / sill through the slats
  for (let s = 0; s < sunIdx.length; s++) {
    const T = blindTransmission(sunQY[s], E2, sunBlur[s]);
    if (T <= 0) continue;
    const j = sunIdx[s] * 3;
    lin3[j] += sunRGB[s * 3] * T;
    lin3[j + 1] += sunRGB[s * 3 + 1] * T;
    lin3[j + 2] += sunRGB[s * 3 + 2] * T;
  }
  // 3) the blind, over the view, inside the glass rect
  const y0 = Math.floor(GLASS.y0);
  const y1 = Math.ceil(GLASS.y1);
  const x0 = OPEN.x0;
  const x1 = Math.ceil(GLASS.x1);
  const slatAmbTop = 0.56;
  const slatAmbUnder = 0.3 + 0.1 * openFrac;
  const slatGlow = 0.16 * (0.35 + 0.65 * (1 - openFrac)) * topSun; // warm bounce/glow on undersides
  for (let py = y0; py < y1; py++) {
    const pyc = py + 0.5;
    // compute the row's blind colour + coverage once (slats are horizontal)
    let r = 0;
    let g = 0;
    let b = 0;
    let cov = 0; // composite "over" in row space
    const over = (cr, cg, cb, a) => {
      r = r * (1 - a) + cr * a;
      g = g * (1 - a) + cg * a;
      b = b * (1 - a) + cb * a;
      cov = cov * (1 - a) + a;
    };
    for (const s of order) {
      if (s.bot < py || s.top > py + 1) continue;
      const a = overlap(py, py + 1, s.top, s.bot);
      if (a <= 0) continue;
      const span = s.bot - s.top;
      const ycen = (Math.max(py, s.top) + Math.min(py + 1, s.bot)) / 2;
      // parameter along the visible face from the back edge (0) to the front edge (1)
      const sParam = clamp01(Math.abs(s.yB - s.yF) < 1e-3 ? 0.5 : (ycen - s.yB) / (s.yF - s.yB));
      const crown = 0.93 + 0.07 * Math.sin(Math.PI * sParam);
      let k;
      let warm = 0;
      if (s.topFace) {
        const lit = 1 - smooth(litFrac - 0.08, litFrac + 0.08, sParam);
        k = slatAmbTop * crown;
        warm = topSun * lit * 0.55;
      } else {
        // underside: room-lit; toward the back (glass) edge it picks up warm light
        // bouncing off the sunlit slat below, which is what defines closed slats
        const back = 1 - sParam;
        k = slatAmbUnder * crown * (0.86 + 0.14 * sParam);
        warm = slatGlow * (0.25 + 1.6 * back * back * back);
      }
      // edge-on slats read as a thin bright line
      const thin = 1 - smooth(1.0, 3.0, span);
      k = lerp(k, 0.62, thin * 0.5);
      over(
        C.slat[0] * (k + warm * SUN_COL[0] / 3.0),
        C.slat[1] * (k + warm * SUN_COL[1] / 3.0),
        C.slat[2] * (k + warm * SUN_COL[2] / 3.0),
        a,
      );
    }
    // headrail and bottom rail (front faces, fixed)
    const ra = overlap(py, py + 1, RAIL_Y0, RAIL_Y1);
    if (ra > 0) {
      const t = (pyc - RAIL_Y0) / (RAIL_Y1 - RAIL_Y0);
      const k = 0.5 + 0.08 * Math.sin(Math.PI * t) - 0.12 * smooth(0.85, 1, t);
      over(C.rail[0] * k, C.rail[1] * k, C.rail[2] * k, ra);
    }
    const ba = overlap(py, py + 1, BOT_Y0, BOT_Y1);
    if (ba > 0) {
      const t = (pyc - BOT_Y0) / (BOT_Y1 - BOT_Y0);
      const k = 0.46 + 0.1 * Math.sin(Math.PI * t);
      over(C.rail[0] * k, C.rail[1] * k, C.rail[2] * k, ba);
    }
    const inBlind = pyc > RAIL_Y1 && pyc < BOT_Y0;
    const inWand = pyc > RAIL_Y1 && pyc < WAND_Y1;
    for (let px = x0; px < x1; px++) {
      const i = py * W + px;
      const ga = glassA[i];
      if (ga === 0) continue;
      let cr = r;
      let cg = g;
      let cb = b;
      let ca = cov;
      // ladder cords (thin, in front of the slats)
      if (inBlind) {
        for (const cx of CORD_SX) {
          const a = overlap(px, px + 1, cx - 0.55, cx + 0.55) * 0.55;
          if (a > 0) {
            cr = cr * (1 - a) + C.cord[0] * 0.42 * a;
            cg = cg * (1 - a) + C.cord[1] * 0.42 * a;
            cb = cb * (1 - a) + C.cord[2] * 0.42 * a;
            ca = ca * (1 - a) + a;
          }
        }
      }
      // tilt wand (clear acrylic rod) on the right
      if (inWand) {
        const a = overlap(px, px + 1, WAND_SX - 1.4, WAND_SX + 1.4) * 0.6;
        if (a > 0) {
          cr = cr * (1 - a) + C.wand[0] * 0.5 * a;
          cg = cg * (1 - a) + C.wand[1] * 0.5 * a;
          cb = cb * (1 - a) + C.wand[2] * 0.5 * a;
          ca = ca * (1 - a) + a;
        }
      }
      // composite: blind (premultiplied) over view, then glass coverage over room
      const j = i * 3;
      const vr = cr + viewCol[j] * (1 - ca);
      const vg = cg + viewCol[j + 1] * (1 - ca);
      const vb = cb + viewCol[j + 2] * (1 - ca);
      lin3[j] = vr * ga + lin3[j] * (1 - ga);
      lin3[j + 1] = vg * ga + lin3[j + 1] * (1 - ga);
      lin3[j + 2] = vb * ga + lin3[j + 2] * (1 - ga);
    }
  }
  // 4) to sRGB bytes with static ordered dither
  const scale = LUT_N / LUT_MAX;
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      const i = py * W + px;
      const d = BAYER[(py & 3) * 4 + (px & 3)];
      for (let c = 0; c < 3; c++) {
        let v = lin3[i * 3 + c] * scale;
        v = v < 0 ? 0 : v > LUT_N ? LUT_N : v;
        const s = toSRGB[v | 0] + d;
        rgb[i * 3 + c] = s < 0 ? 0 : s > 255 ? 255 : s + 0.5;
      }
    }
  }
  return rgb;
}

// ------------------------------------------------------------- encode ---

mkdirSync(OUT_DIR, { recursive: true });
const args = [
  '-hide_banner',
  '-loglevel', 'error',
  '-y',
  '-f', 'rawvideo',
  '-pix_fmt', 'rgb24',
  '-s', `${W}x${H}`,
  '-r', String(FPS),
  '-i', '-',
  // WebM / VP9
  '-map', '0:v',
  '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-pix_fmt', 'yuv420p',
  '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', '-an',
  OUT_WEBM,
  // MP4 / H.264 for Safari
  '-map', '0:v',
  '-c:v', 'libx264', '-profile:v', 'main', '-preset', 'slow', '-crf', '27',
  '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an',
  OUT_MP4,
  // poster: one representative frame
  '-map', '0:v',
  '-vf', `select=eq(n\\,${POSTER_FRAME})`, '-frames:v', '1', '-q:v', '5',
  OUT_POSTER,
];
const ff = spawn('ffmpeg', args, { stdio: ['pipe', 'inherit', 'inherit'] });
const ffDone = new Promise((res, rej) => {
  ff.on('error', rej);
  ff.on('close', (code) => (code === 0 ? res() : rej(new Error(`ffmpeg exited with ${code}`))));
});

const tr = Date.now();
for (let f = 0; f < FRAMES; f++) {
  const phase = f / (FRAMES - 1); // frame 0 == last frame
  const buf = renderFrame(phase);
  if (!ff.stdin.write(Buffer.from(buf))) await new Promise((r) => ff.stdin.once('drain', r));
  if (f % 24 === 0) process.stdout.write(`  frame ${f}/${FRAMES}\r`);
}
ff.stdin.end();
await ffDone;
console.log(`rendered ${FRAMES} frames in ${((Date.now() - tr) / 1000).toFixed(1)} s`);
for (const p of [OUT_WEBM, OUT_MP4, OUT_POSTER]) {
  console.log(`  ${p.slice(ROOT.length + 1)}  ${(statSync(p).size / 1024).toFixed(0)} KB`);
}
