// Renders the AR visualiser's default demo photo (a window in a living-room wall) in pure JS and
// encodes it (PNG with scripts/png.mjs, then JPEG through ffmpeg): node scripts/make-demo-window.mjs
// The window's inner opening (the glass reveal) sits at WINDOW below, in image pixels; the browser
// test taps near those corners.
import { spawnSync } from 'node:child_process';
import { unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rgbPngFile } from './png.mjs';

const W = 1200;
const H = 900;
/** The reveal (where a blind is fitted): top-left and bottom-right, in pixels. */
export const WINDOW = { left: 330, top: 170, right: 870, bottom: 650 };
const FRAME = 26; // white frame width inside the reveal
const ARCHITRAVE = 34; // trim around the reveal

const px = new Uint8ClampedArray(W * H * 3);

/** Deterministic hash noise in 0..1. */
function hash(x, y) {
  let h = (x * 374761393 + y * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967295;
}
function smoothNoise(x, y, scale) {
  const fx = x / scale;
  const fy = y / scale;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  const sx = tx * tx * (3 - 2 * tx);
  const sy = ty * ty * (3 - 2 * ty);
  const a = hash(x0, y0);
  const b = hash(x0 + 1, y0);
  const c = hash(x0, y0 + 1);
  const d = hash(x0 + 1, y0 + 1);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}
function fbm(x, y) {
  return smoothNoise(x, y, 160) * 0.5 + smoothNoise(x, y, 70) * 0.3 + smoothNoise(x, y, 28) * 0.2;
}
const mix = (a, b, t) => a + (b - a) * t;
const mixRgb = (a, b, t) => [mix(a[0], b[0], t), mix(a[1], b[1], t), mix(a[2], b[2], t)];
const clamp01 = (t) => Math.min(1, Math.max(0, t));

function wall(x, y) {
  // Warm plaster, lit from the window: brighter near it, a soft vignette, faint texture.
  const cx = (WINDOW.left + WINDOW.right) / 2;
  const cy = (WINDOW.top + WINDOW.bottom) / 2;
  const d = Math.hypot((x - cx) / W, (y - cy) / H);
  const light = 1.04 - d * 0.55;
  const grain = (hash(x, y) - 0.5) * 6 + (smoothNoise(x, y, 9) - 0.5) * 5;
  const base = [226, 214, 196];
  return base.map((c) => c * light + grain);
}

function outside(x, y) {
  const top = WINDOW.top + FRAME;
  const bottom = WINDOW.bottom - FRAME;
  const t = clamp01((y - top) / (bottom - top));
  // Sky gradient with soft clouds.
  let sky = mixRgb([118, 170, 222], [206, 228, 243], Math.pow(t, 0.8));
  const cloud = clamp01((fbm(x * 1.4 + 900, y * 2.6) - 0.52) * 4);
  sky = mixRgb(sky, [250, 251, 252], cloud * 0.85);
  // Distant hills, then a garden hedge with trees.
  const hill = top + (bottom - top) * (0.58 + 0.06 * Math.sin(x / 95) + 0.04 * Math.sin(x / 37 + 1));
  const hedge = top + (bottom - top) * (0.72 + 0.05 * Math.sin(x / 23) * smoothNoise(x, 3, 40));
  if (y > hedge) {
    const leaf = fbm(x * 3, y * 3);
    return mixRgb([46, 92, 52], [88, 140, 70], leaf).map((c) => c * (0.85 + 0.2 * hash(x, y)));
  }
  if (y > hill) {
    const haze = clamp01((y - hill) / 60);
    return mixRgb([150, 176, 170], [104, 138, 112], haze);
  }
  return sky;
}

function shade(rgb, f) {
  return rgb.map((c) => c * f);
}

for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    let rgb = wall(x, y);
    const { left, top, right, bottom } = WINDOW;
    const inArch = x >= left - ARCHITRAVE && x < right + ARCHITRAVE && y >= top - ARCHITRAVE && y < bottom + ARCHITRAVE;
    const inReveal = x >= left && x < right && y >= top && y < bottom;
    // Shadow the architrave casts on the wall (light from upper left).
    const sx = x - 10;
    const sy = y - 12;
    if (!inArch && sx >= left - ARCHITRAVE && sx < right + ARCHITRAVE && sy >= top - ARCHITRAVE && sy < bottom + ARCHITRAVE) {
      rgb = shade(rgb, 0.86);
    }
    if (inArch && !inReveal) {
      // White painted trim with a bevel: lighter top/left, darker bottom/right.
      const edge = Math.min(x - (left - ARCHITRAVE), y - (top - ARCHITRAVE), right + ARCHITRAVE - 1 - x, bottom + ARCHITRAVE - 1 - y);
      const inner = Math.max(left - x, x - (right - 1), top - y, y - (bottom - 1));
      let f = 1;
      if (edge < 4) f = 0.86;
      else if (inner < 5) f = 0.8;
      if (y >= bottom) f *= 0.94;
      rgb = shade([246, 244, 239], f + (hash(x, y) - 0.5) * 0.02);
    }
    if (inReveal) {
      const fx = x - left;
      const fy = y - top;
      const innerW = right - left;
      const mullionX = innerW / 2;
      const inFrame = fx < FRAME || fy < FRAME || x >= right - FRAME || y >= bottom - FRAME || Math.abs(fx - mullionX) < FRAME / 2;
      if (inFrame) {
        // Window frame: white aluminium with a shaded inner lip.
        const d = Math.min(fx, fy, right - 1 - x, bottom - 1 - y);
        let f = d < 3 ? 0.72 : 0.97;
        if (!(fx < FRAME || fy < FRAME || x >= right - FRAME || y >= bottom - FRAME))
          f = Math.abs(fx - mullionX) > FRAME / 2 - 3 ? 0.85 : 0.96;
        rgb = shade([240, 240, 236], f);
      } else {
        rgb = outside(x, y);
        // Glass: a faint diagonal reflection and darker edges near the frame.
        const refl = clamp01(1 - Math.abs(((fx + fy * 0.6) % 420) - 140) / 60) * 0.12;
        rgb = mixRgb(rgb, [255, 255, 255], refl);
        const edgeDist = Math.min(
          fx - FRAME,
          fy - FRAME,
          right - FRAME - x,
          bottom - FRAME - y,
          Math.abs(Math.abs(fx - mullionX) - FRAME / 2),
        );
        if (edgeDist < 8) rgb = shade(rgb, 0.8 + 0.025 * edgeDist);
      }
    }
    // Window sill below the architrave.
    if (y >= bottom + ARCHITRAVE && y < bottom + ARCHITRAVE + 22 && x >= left - ARCHITRAVE - 24 && x < right + ARCHITRAVE + 24) {
      rgb = shade([242, 239, 232], y < bottom + ARCHITRAVE + 5 ? 1.02 : 0.9);
    } else if (
      y >= bottom + ARCHITRAVE + 22 &&
      y < bottom + ARCHITRAVE + 40 &&
      x >= left - ARCHITRAVE - 14 &&
      x < right + ARCHITRAVE + 30
    ) {
      rgb = shade(rgb, 0.82 + 0.01 * (y - bottom - ARCHITRAVE - 22));
    }
    // Skirting and a timber floor at the bottom.
    if (y > H - 70) {
      const plank = Math.floor((x + (Math.floor((y - H + 70) / 14) % 2) * 130) / 260);
      const grain = smoothNoise(x * 0.2, y * 4, 6);
      rgb = shade([150, 108, 72], 0.85 + 0.15 * grain + 0.05 * hash(plank, 7));
    } else if (y > H - 96) {
      rgb = shade([245, 243, 238], y > H - 74 ? 0.8 : 0.97);
    }
    const i = (y * W + x) * 3;
    px[i] = rgb[0];
    px[i + 1] = rgb[1];
    px[i + 2] = rgb[2];
  }
}

// Filter type 1 (Sub) on every row compresses smooth gradients well.
const raw = Buffer.alloc((W * 3 + 1) * H);
for (let y = 0; y < H; y++) {
  const row = y * (W * 3 + 1);
  raw[row] = 1;
  for (let i = 0; i < W * 3; i++) {
    const cur = px[y * W * 3 + i];
    const prev = i >= 3 ? px[y * W * 3 + i - 3] : 0;
    raw[row + 1 + i] = (cur - prev) & 255;
  }
}
const png = rgbPngFile(W, H, raw, { level: 9 });
// The site serves a JPEG (about 70 KB instead of 830 KB): the PNG goes through ffmpeg when present.
const pngOut = path.resolve(import.meta.dirname, '../web/public/media/demo-window.png');
const jpgOut = pngOut.replace(/\.png$/, '.jpg');
writeFileSync(pngOut, png);
const ffmpeg = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', pngOut, '-q:v', '3', jpgOut]);
if (ffmpeg.status !== 0) {
  console.error('ffmpeg is required to write the JPEG: apt-get install -y ffmpeg');
  process.exit(1);
}
unlinkSync(pngOut);
console.log(`Wrote ${jpgOut} (${W}x${H})`);
