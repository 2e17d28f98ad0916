import { describe, expect, it } from 'vitest';
import { applyHomography, homographyMatrix4, isConvexQuad, unitSquareToQuad, type Quad } from '../../web/src/scene/homography';

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-6);

describe('unit square to quad', () => {
  const perspective: Quad = [
    { x: 100, y: 80 },
    { x: 520, y: 120 },
    { x: 480, y: 600 },
    { x: 140, y: 560 },
  ];

  it('maps the square corners onto the tapped corners (TL, TR, BR, BL)', () => {
    const h = unitSquareToQuad(perspective)!;
    const corners = [applyHomography(h, 0, 0), applyHomography(h, 1, 0), applyHomography(h, 1, 1), applyHomography(h, 0, 1)];
    corners.forEach((p, i) => {
      close(p.x, perspective[i]!.x);
      close(p.y, perspective[i]!.y);
    });
  });

  it('keeps straight lines straight: the square centre lands on the quad diagonals crossing', () => {
    const h = unitSquareToQuad(perspective)!;
    const centre = applyHomography(h, 0.5, 0.5);
    const [a, b, c, d] = perspective;
    // Intersection of diagonals a-c and b-d.
    const den = (a.x - c.x) * (b.y - d.y) - (a.y - c.y) * (b.x - d.x);
    const t = ((a.x - b.x) * (b.y - d.y) - (a.y - b.y) * (b.x - d.x)) / den;
    close(centre.x, a.x + t * (c.x - a.x));
    close(centre.y, a.y + t * (c.y - a.y));
  });

  it('is affine for a rectangle (equal slat spacing)', () => {
    const h = unitSquareToQuad([
      { x: 0, y: 0 },
      { x: 200, y: 0 },
      { x: 200, y: 100 },
      { x: 0, y: 100 },
    ])!;
    expect(h.slice(6)).toEqual([0, 0, 1]);
    close(applyHomography(h, 0.25, 0.5).x, 50);
  });

  it('gives a 4x4 matrix whose w divide reproduces the mapping', () => {
    const h = unitSquareToQuad(perspective)!;
    const m = homographyMatrix4(h);
    const [u, v] = [0.3, 0.7];
    const x = m[0]! * u + m[4]! * v + m[12]!;
    const y = m[1]! * u + m[5]! * v + m[13]!;
    const w = m[3]! * u + m[7]! * v + m[15]!;
    const expected = applyHomography(h, u, v);
    close(x / w, expected.x);
    close(y / w, expected.y);
  });

  it('refuses degenerate and crossed quads', () => {
    expect(
      unitSquareToQuad([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 3, y: 3 },
      ]),
    ).toBeNull();
    expect(isConvexQuad(perspective)).toBe(true);
    expect(isConvexQuad([perspective[0], perspective[2], perspective[1], perspective[3]])).toBe(false);
  });
});
