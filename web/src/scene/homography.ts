// Perspective mapping of a flat blind onto the four corners a customer tapped on a photo.

export interface Point {
  x: number;
  y: number;
}

/** Corners in the spec's tap order: top-left, top-right, bottom-right, bottom-left. */
export type Quad = readonly [Point, Point, Point, Point];

/** A 3x3 homography, row-major: [h00, h01, h02, h10, h11, h12, h20, h21, h22]. */
export type Homography = readonly number[];

/**
 * The homography taking the unit square (u, v in 0..1; (0,0) top-left, (1,1) bottom-right) onto
 * the quad. Closed form of Heckbert's square-to-quad mapping; null when the quad is degenerate.
 */
export function unitSquareToQuad(quad: Quad): Homography | null {
  const [p0, p1, p2, p3] = quad;
  const sx = p0.x - p1.x + p2.x - p3.x;
  const sy = p0.y - p1.y + p2.y - p3.y;
  if (Math.abs(sx) < 1e-9 && Math.abs(sy) < 1e-9) {
    // A parallelogram: the mapping is affine.
    return [p1.x - p0.x, p3.x - p0.x, p0.x, p1.y - p0.y, p3.y - p0.y, p0.y, 0, 0, 1];
  }
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const det = dx1 * dy2 - dx2 * dy1;
  if (Math.abs(det) < 1e-12) return null;
  const g = (sx * dy2 - dx2 * sy) / det;
  const h = (dx1 * sy - sx * dy1) / det;
  return [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x, p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h, 1];
}

export function applyHomography(m: Homography, u: number, v: number): Point {
  const w = m[6]! * u + m[7]! * v + m[8]!;
  return { x: (m[0]! * u + m[1]! * v + m[2]!) / w, y: (m[3]! * u + m[4]! * v + m[5]!) / w };
}

/**
 * The homography as a column-major 4x4 matrix (THREE.Matrix4.fromArray / elements): x and y carry
 * the projective part, z passes through, so geometry in the unit square drawn with an orthographic
 * camera in image pixels lands in perspective on the quad (the GPU divides by w).
 */
export function homographyMatrix4(m: Homography): number[] {
  // Row-major 4x4: [h00 h01 0 h02; h10 h11 0 h12; 0 0 1 0; h20 h21 0 h22], then transposed.
  return [m[0]!, m[3]!, 0, m[6]!, m[1]!, m[4]!, 0, m[7]!, 0, 0, 1, 0, m[2]!, m[5]!, 0, m[8]!];
}

/** True when the four points, in order, make a convex quad without crossing edges. */
export function isConvexQuad(quad: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const c = quad[(i + 2) % 4]!;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (Math.abs(cross) < 1e-9) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}
