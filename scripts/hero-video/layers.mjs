// The hero video's static layers (the view through the window, the room) and the blind's
// sunlight transmission.
import {
  BOT_H,
  C,
  clamp01,
  CX,
  F,
  FLOOR_Y,
  FRAME_T,
  GLASS,
  hash,
  HY,
  mix3,
  N_SLATS,
  OPEN,
  PITCH,
  RAIL_H,
  SLAT_TOP,
  slatY,
  smooth,
  toX,
  toY,
  vnoise,
  WALL_BASE,
  XL,
  XMID,
  XR,
  YB,
  YT,
  ZG,
  ZW,
} from './scene.mjs';

// --------------------------------------------------- static layer: view ---
// Everything seen through the glass (without the blind), in linear RGB.

export function viewColor(x, y) {
  // x, y in screen px inside the glass rect; frame bars first
  const Zg = ZG;
  const X = toX(x, Zg);
  const Y = toY(y, Zg);
  const inFrame = X < XL + FRAME_T || X > XR - FRAME_T || Y > YT - FRAME_T || Y < YB + FRAME_T || Math.abs(X - XMID) < FRAME_T * 0.6;
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
    col = mix3(
      col,
      C.haze.map((c) => c * 1.02),
      0.3 * cl,
    );
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

export function roomSample(x, y) {
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
export function blindTransmission(Y, E2, b) {
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
