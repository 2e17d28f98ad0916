// Plane geometry for the window analysis: homographies, convex hulls, line fits.

export type Pt = [number, number];
/** Row-major 3 x 3 matrix. */
export type Mat3 = number[];

export function applyH(h: Mat3, x: number, y: number): Pt | null {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  if (Math.abs(w) < 1e-12) return null;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/** Homography taking src[i] to dst[i] (four points, no three collinear), or null when degenerate. */
export function homography(src: Pt[], dst: Pt[]): Mat3 | null {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i]!;
    const [u, v] = dst[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8 x 9 augmented system.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    if (Math.abs(a[p]![c]!) < 1e-12) return null;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const k = a[r]![c]! / a[c]![c]!;
      if (k === 0) continue;
      for (let j = c; j < 9; j++) a[r]![j]! -= k * a[c]![j]!;
    }
  }
  const h = a.map((row, i) => row[8]! / row[i]!);
  return [...h, 1];
}

export function invert3(m: Mat3): Mat3 | null {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-18) return null;
  const k = 1 / det;
  return [
    A * k,
    -(b * i - c * h) * k,
    (b * f - c * e) * k,
    B * k,
    (a * i - c * g) * k,
    -(a * f - c * d) * k,
    C * k,
    -(a * h - b * g) * k,
    (a * e - b * d) * k,
  ];
}

export function mul3(p: Mat3, q: Mat3): Mat3 {
  const r: number[] = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) r.push(p[i * 3]! * q[j]! + p[i * 3 + 1]! * q[3 + j]! + p[i * 3 + 2]! * q[6 + j]!);
  return r;
}

const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Convex hull (Andrew's monotone chain), counter-clockwise in a y-up sense. */
export function convexHull(points: Pt[]): Pt[] {
  const pts = points.slice().sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  if (pts.length < 3) return pts;
  const lower: Pt[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

export function polygonArea(poly: Pt[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    s += p[0] * q[1] - q[0] * p[1];
  }
  return Math.abs(s) / 2;
}

/** Reduces a convex polygon to 4 vertices by dropping, one at a time, the vertex whose removal loses least area. */
export function reduceToQuad(hull: Pt[]): Pt[] | null {
  const poly = hull.slice();
  if (poly.length < 4) return null;
  while (poly.length > 4) {
    let best = 0;
    let bestLoss = Infinity;
    for (let i = 0; i < poly.length; i++) {
      const loss = Math.abs(cross(poly[(i + poly.length - 1) % poly.length]!, poly[i]!, poly[(i + 1) % poly.length]!));
      if (loss < bestLoss) {
        bestLoss = loss;
        best = i;
      }
    }
    poly.splice(best, 1);
  }
  return poly;
}

/** A line as a point and a unit direction. */
export interface Line {
  p: Pt;
  d: Pt;
}

/** Total-least-squares line through points, with one pass dropping points farther than `reject` from it. */
export function fitLine(points: Pt[], reject: number): { line: Line; rms: number; used: number } | null {
  const fit = (pts: Pt[]): Line | null => {
    if (pts.length < 3) return null;
    let mx = 0;
    let my = 0;
    for (const [x, y] of pts) {
      mx += x;
      my += y;
    }
    mx /= pts.length;
    my /= pts.length;
    let sxx = 0;
    let sxy = 0;
    let syy = 0;
    for (const [x, y] of pts) {
      sxx += (x - mx) ** 2;
      sxy += (x - mx) * (y - my);
      syy += (y - my) ** 2;
    }
    const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
    return { p: [mx, my], d: [Math.cos(theta), Math.sin(theta)] };
  };
  const dist = (l: Line, [x, y]: Pt) => Math.abs((x - l.p[0]) * -l.d[1] + (y - l.p[1]) * l.d[0]);
  let line = fit(points);
  if (!line) return null;
  const kept = points.filter((p) => dist(line!, p) <= reject);
  if (kept.length >= Math.max(3, points.length / 2)) line = fit(kept) ?? line;
  const used = kept.length >= 3 ? kept : points;
  const rms = Math.sqrt(used.reduce((s, p) => s + dist(line!, p) ** 2, 0) / used.length);
  return { line, rms, used: used.length };
}

export function intersect(a: Line, b: Line): Pt | null {
  const det = a.d[0] * b.d[1] - a.d[1] * b.d[0];
  if (Math.abs(det) < 1e-9) return null;
  const t = ((b.p[0] - a.p[0]) * b.d[1] - (b.p[1] - a.p[1]) * b.d[0]) / det;
  return [a.p[0] + t * a.d[0], a.p[1] + t * a.d[1]];
}

export function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
