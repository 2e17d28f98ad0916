import { describe, expect, it } from 'vitest';
import {
  ASSUMED_WIDTH_MM,
  clampPoint,
  defaultCorners,
  measurePolygon,
  type Corners,
} from '../../web/src/features/measurement/polygon-measure';

const rect = (x: number, y: number, w: number, h: number): Corners => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

describe('photo measurement (staff spec section 9)', () => {
  it('scales the average of the top and bottom edges to 1200 mm and the height by the same factor', () => {
    // top 400 px, bottom 600 px: average 500 px = 1200 mm, so 2.4 mm per px.
    const corners: Corners = [
      { x: 100, y: 100 },
      { x: 500, y: 100 },
      { x: 600, y: 400 },
      { x: 0, y: 400 },
    ];
    const left = Math.hypot(100, 300);
    const m = measurePolygon(corners);
    expect(m.width_mm).toBe(ASSUMED_WIDTH_MM);
    expect(m.drop_mm).toBe(Math.round(left * 2.4));
    expect(m.basis).toBe('assumed-width');
  });

  it('gives 1200 mm for any rectangle, with the drop in proportion', () => {
    const m = measurePolygon(rect(10, 20, 300, 450));
    expect(m).toMatchObject({ width_mm: 1200, drop_mm: 1800 });
  });

  it('computes the area in square metres as width x drop / 1,000,000', () => {
    const m = measurePolygon(rect(0, 0, 400, 500));
    expect(m.width_mm).toBe(1200);
    expect(m.drop_mm).toBe(1500);
    expect(m.area_m2).toBeCloseTo(1.8, 10);
  });

  it('rescales from a known width instead of the 1200 mm assumption', () => {
    const m = measurePolygon(rect(0, 0, 400, 500), { dimension: 'width', mm: 900 });
    expect(m).toMatchObject({ width_mm: 900, drop_mm: 1125, basis: 'known-width' });
    expect(m.area_m2).toBeCloseTo(1.0125, 10);
  });

  it('rescales from a known drop, with the width by the same factor', () => {
    const m = measurePolygon(rect(0, 0, 400, 500), { dimension: 'drop', mm: 2100 });
    expect(m).toMatchObject({ width_mm: 1680, drop_mm: 2100, basis: 'known-drop' });
  });

  it('ignores an unusable known size', () => {
    expect(measurePolygon(rect(0, 0, 400, 500), { dimension: 'width', mm: 0 }).basis).toBe('assumed-width');
    expect(measurePolygon(rect(0, 0, 400, 500), { dimension: 'drop', mm: Number.NaN }).width_mm).toBe(1200);
  });

  it('does not divide by zero when all corners coincide', () => {
    const p = { x: 5, y: 5 };
    expect(measurePolygon([p, p, p, p])).toMatchObject({ width_mm: 0, drop_mm: 0, area_m2: 0 });
  });

  it('insets the default corners by 20% of the smaller side', () => {
    expect(defaultCorners(1000, 500)).toEqual([
      { x: 100, y: 100 },
      { x: 900, y: 100 },
      { x: 900, y: 400 },
      { x: 100, y: 400 },
    ]);
    expect(defaultCorners(600, 800)[2]).toEqual({ x: 480, y: 680 });
  });

  it('clamps a corner inside the image', () => {
    expect(clampPoint({ x: -5, y: 30 }, 200, 100)).toEqual({ x: 0, y: 30 });
    expect(clampPoint({ x: 250, y: 130 }, 200, 100)).toEqual({ x: 200, y: 100 });
    expect(clampPoint({ x: 50, y: -1 }, 200, 100)).toEqual({ x: 50, y: 0 });
  });
});
