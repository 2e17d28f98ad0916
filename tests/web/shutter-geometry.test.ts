import { describe, expect, it } from 'vitest';
import { applyHomography, isConvexQuad, unitSquareToQuad } from '../../web/src/scene/homography';
import {
  lightGapFraction,
  louvreCount,
  panelCount,
  PLANTATION_PITCH_MM,
  projectedBladeHeight,
  quadAspect,
  REFERENCE_PANEL_HEIGHT_MM,
  shutterLayout,
  tapOrderToQuad,
  TILT_ANGLES,
} from '../../web/src/features/shutters/shutter-geometry';

describe('louvre count', () => {
  it('derives 14 louvres from the 1200 mm reference height over the 84 mm pitch', () => {
    expect(PLANTATION_PITCH_MM).toBe(84);
    expect(REFERENCE_PANEL_HEIGHT_MM).toBe(1200);
    expect(louvreCount()).toBe(14);
    expect(louvreCount(1200, 84)).toBe(Math.floor(1200 / 84));
  });

  it('rounds down for other heights and counts an exact multiple fully', () => {
    expect(louvreCount(840, 84)).toBe(10);
    expect(louvreCount(2100, 84)).toBe(25);
    expect(louvreCount(600)).toBe(7);
    expect(louvreCount(50)).toBe(1);
  });

  it('answers 0 for a missing height or pitch', () => {
    expect(louvreCount(0)).toBe(0);
    expect(louvreCount(1200, 0)).toBe(0);
    expect(louvreCount(Number.NaN)).toBe(0);
  });
});

describe('tap order', () => {
  const tl = { x: 10, y: 10 };
  const tr = { x: 110, y: 12 };
  const bl = { x: 8, y: 200 };
  const br = { x: 112, y: 205 };

  it('turns TL, TR, BL, BR taps into the TL, TR, BR, BL quad the homography wants', () => {
    const quad = tapOrderToQuad([tl, tr, bl, br])!;
    expect(quad).toEqual([tl, tr, br, bl]);
    expect(isConvexQuad(quad)).toBe(true);
    const h = unitSquareToQuad(quad)!;
    const corner = applyHomography(h, 1, 1);
    expect(corner.x).toBeCloseTo(br.x, 6);
    expect(corner.y).toBeCloseTo(br.y, 6);
  });

  it('needs exactly four taps', () => {
    expect(tapOrderToQuad([tl, tr, bl])).toBeNull();
    expect(tapOrderToQuad([])).toBeNull();
  });

  it('measures the opening aspect from opposite edges', () => {
    expect(
      quadAspect([
        { x: 0, y: 0 },
        { x: 200, y: 0 },
        { x: 200, y: 100 },
        { x: 0, y: 100 },
      ]),
    ).toBeCloseTo(2);
  });
});

describe('panels', () => {
  it('splits openings into panels of at most 750 mm', () => {
    expect(panelCount(600)).toBe(1);
    expect(panelCount(750)).toBe(1);
    expect(panelCount(751)).toBe(2);
    expect(panelCount(1200)).toBe(2);
    expect(panelCount(2400)).toBe(4);
    expect(panelCount(100_000)).toBe(6);
    expect(panelCount(0)).toBe(1);
  });
});

describe('shutter layout', () => {
  const layout = shutterLayout({ aspect: 1 });

  it('fits 14 louvres per panel, evenly spaced between the rails', () => {
    expect(layout.panels).toHaveLength(2);
    expect(layout.louvresPerPanel).toBe(14);
    for (const panel of layout.panels) {
      expect(panel.louvreCentres).toHaveLength(14);
      const [top, bottom] = panel.rails;
      expect(panel.louvreCentres[0]! - layout.louvreSpacing / 2).toBeCloseTo(top.y + top.h, 9);
      expect(panel.louvreCentres[13]! + layout.louvreSpacing / 2).toBeCloseTo(bottom.y, 9);
      for (let i = 1; i < 14; i++) expect(panel.louvreCentres[i]! - panel.louvreCentres[i - 1]!).toBeCloseTo(layout.louvreSpacing, 9);
    }
  });

  it('keeps every part inside the unit square with the louvres between the stiles', () => {
    for (const panel of layout.panels) {
      for (const r of [...panel.stiles, ...panel.rails, panel.tiltRod]) {
        expect(r.x).toBeGreaterThanOrEqual(0);
        expect(r.y).toBeGreaterThanOrEqual(0);
        expect(r.x + r.w).toBeLessThanOrEqual(1 + 1e-9);
        expect(r.y + r.h).toBeLessThanOrEqual(1 + 1e-9);
      }
      expect(panel.louvreX).toBeCloseTo(panel.stiles[0].x + panel.stiles[0].w, 9);
      expect(panel.louvreX + panel.louvreWidth).toBeCloseTo(panel.stiles[1].x, 9);
    }
    expect(layout.panels[1]!.outer.x).toBeCloseTo(0.5, 9);
  });

  it('overlaps closed blades and opens gaps at the open tilt', () => {
    expect(lightGapFraction(layout, TILT_ANGLES.closed)).toBe(0);
    expect(lightGapFraction(layout, TILT_ANGLES.open)).toBeGreaterThan(0.4);
    expect(projectedBladeHeight(1, 0, 0)).toBe(1);
    expect(projectedBladeHeight(1, 0, Math.PI / 2)).toBeCloseTo(0, 9);
  });

  it('uses one panel for a narrow window and treats a bad aspect as square', () => {
    expect(shutterLayout({ aspect: 0.5 }).panels).toHaveLength(1);
    expect(shutterLayout({ aspect: Number.NaN }).panels).toHaveLength(2);
  });
});
