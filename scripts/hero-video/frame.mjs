// Renders one frame of the hero video from the precomputed layers.
import {
  BAYER,
  C,
  clamp01,
  GLASS,
  H,
  lerp,
  LUT_MAX,
  LUT_N,
  N_SLATS,
  OPEN,
  PITCH,
  SLAT_TH,
  SLAT_W,
  slatY,
  smooth,
  SUN_COL,
  SUN_E,
  sy,
  tiltAt,
  toSRGB,
  W,
  ZG,
} from './scene.mjs';
import { blindTransmission } from './layers.mjs';
import {
  BOT_Y0,
  BOT_Y1,
  bounce,
  CORD_SX,
  glassA,
  N,
  overlap,
  RAIL_Y0,
  RAIL_Y1,
  roomCol,
  sunBlur,
  sunIdx,
  sunQY,
  sunRGB,
  viewCol,
  WAND_SX,
  WAND_Y1,
} from './precompute.mjs';

// ---------------------------------------------------------------- frame ---

export const lin3 = new Float32Array(N * 3);
export const rgb = Buffer.alloc(N * 3);

export function renderFrame(phase) {
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
      let warm;
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
        C.slat[0] * (k + (warm * SUN_COL[0]) / 3.0),
        C.slat[1] * (k + (warm * SUN_COL[1]) / 3.0),
        C.slat[2] * (k + (warm * SUN_COL[2]) / 3.0),
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
