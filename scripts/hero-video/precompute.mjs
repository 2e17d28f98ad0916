// Precomputes the hero video's static layers and its sun-receiving pixels (runs when imported).
import {
  BOT_H,
  C,
  CORD_X,
  FLOOR_Y,
  FRAME_T,
  GLASS,
  H,
  hash,
  lin,
  mix3,
  OPEN,
  RAIL_H,
  smooth,
  SUN,
  SUN_COL,
  sx,
  sy,
  toX,
  toY,
  vnoise,
  W,
  XL,
  XMID,
  XR,
  YB,
  YT,
  ZG,
  ZW,
} from './scene.mjs';
import { roomSample, viewColor } from './layers.mjs';

// ---------------------------------------------------------- precompute ---

console.log('precomputing static layers...');
export const t0 = Date.now();
export const N = W * H;
export const roomCol = new Float32Array(N * 3);
export const viewCol = new Float32Array(N * 3);
export const glassA = new Float32Array(N); // coverage of the glass/blind plane

// analytic coverage of the visible glass rect (its left edge is hidden by the wall)
export const gx0 = OPEN.x0;
export const gx1 = GLASS.x1;
export const gy0 = GLASS.y0;
export const gy1 = GLASS.y1;
export const overlap = (a0, a1, b0, b1) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

export const bounce = new Float32Array(N * 3); // warm light bounced off the sunlit floor
export const BOUNCE_C = [2.3, FLOOR_Y, 3.1]; // rough centre of the floor patch
export const BOUNCE_COL = lin(0xffcf9a);
export const SS = 3;
export const sunlit = []; // per-pixel sun queries (room surfaces that can receive sun)
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
          const inX = smooth(XL + FRAME_T - blur, XL + FRAME_T + blur, QX) * (1 - smooth(XR - FRAME_T - blur, XR - FRAME_T + blur, QX));
          const mull = smooth(FRAME_T * 0.6 - blur, FRAME_T * 0.6 + blur, Math.abs(QX - XMID));
          const inY = smooth(YB + FRAME_T - blur, YB + FRAME_T + blur, QY) * (1 - smooth(YT - FRAME_T - blur, YT - FRAME_T + blur, QY));
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
export const sunIdx = new Int32Array(sunlit.length);
export const sunQY = new Float32Array(sunlit.length);
export const sunBlur = new Float32Array(sunlit.length);
export const sunRGB = new Float32Array(sunlit.length * 3);
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
export const RAIL_Y0 = sy(YT, ZG);
export const RAIL_Y1 = sy(YT - RAIL_H, ZG);
export const BOT_Y0 = sy(YB + BOT_H, ZG);
export const BOT_Y1 = sy(YB, ZG);
export const CORD_SX = CORD_X.map((X) => sx(X, ZG - 0.03));
export const WAND_SX = sx(XR - 0.16, ZG - 0.05);
export const WAND_Y1 = sy(YT - RAIL_H - 1.25, ZG - 0.05);
