import { describe, expect, it } from 'vitest';
import {
  AR_PRODUCTS,
  findProduct,
  honeycombCellCount,
  honeycombCells,
  opacityFor,
  OPENING_TYPES,
  PREVIEW_PRODUCTS,
  openingFor,
  plantationSlatCount,
  slatCount,
  slatGapFraction,
  slatInstances,
  stepPosition,
  typicalSizeLabel,
  swatchRepeat,
  vaneCount,
  vaneInstances,
  vaneTurn,
  VENETIAN_TILTS,
  VERTICAL_POSITIONS,
  zebraBands,
  ZEBRA_SHEER_ALPHA,
} from '../../web/src/scene/blind-geometry';
import { cornerResponse, snapCorners, toGrey, workingSize, type GreyImage } from '../../web/src/scene/corner-snap';

describe('AR products and openings (storefront spec section 2)', () => {
  it('offers the 12 products with their calculator ids', () => {
    expect(AR_PRODUCTS.map((p) => p.id)).toEqual([
      'venetian-aluminium-25mm',
      'venetian-aluminium-50mm',
      'venetian-aluwood-25mm',
      'venetian-aluwood-50mm',
      'venetian-plaswood',
      'venetian-wood',
      'roller-blockout',
      'roller-sheer',
      'verticals-blockout',
      'honeycomb-blockout',
      'honeycomb-duotone',
      'outdoor-blinds',
    ]);
    expect(findProduct('venetian-aluminium-50mm').slatWidthMm).toBe(50);
    expect(findProduct('nope').id).toBe('venetian-aluminium-25mm');
  });

  it('has the six opening types with their sizes, outdoor blinds forcing the outdoor area', () => {
    expect(OPENING_TYPES).toHaveLength(6);
    expect(OPENING_TYPES.find((o) => o.id === 'single-door')).toMatchObject({ widthMm: 900, dropMm: 2100 });
    expect(OPENING_TYPES.find((o) => o.id === 'double-door')).toMatchObject({ widthMm: 1800, dropMm: 2100 });
    expect(openingFor('outdoor-blinds', 'standard-window')).toBe('outdoor-area');
    expect(openingFor('roller-blockout', 'single-door')).toBe('single-door');
  });

  it('uses the opacity by type of spec section 9', () => {
    expect(opacityFor('roller-blockout')).toBe(1);
    expect(opacityFor('honeycomb-blockout')).toBe(1);
    expect(opacityFor('roller-sheer')).toBe(0.3);
    expect(opacityFor('outdoor-blinds')).toBe(0.7);
    expect(opacityFor('venetian-wood')).toBe(0.9);
    expect(opacityFor('honeycomb-duotone')).toBe(0.9);
  });
});

describe('raise and lower', () => {
  it('moves in 20 percent steps within 0-100', () => {
    expect(stepPosition(100, 1)).toBe(100);
    expect(stepPosition(100, -1)).toBe(80);
    expect(stepPosition(20, -1)).toBe(0);
    expect(stepPosition(0, -1)).toBe(0);
    expect(stepPosition(0, 1)).toBe(20);
  });
});

describe('venetian slats', () => {
  it('counts one slat per slat width of lowered drop', () => {
    expect(slatCount(1200, 25)).toBe(48);
    expect(slatCount(1200, 50)).toBe(24);
    expect(slatCount(1200, 25, 50)).toBe(24);
    expect(slatCount(1210, 50)).toBe(25);
    expect(slatCount(1200, 25, 0)).toBe(0);
  });

  it('places slats top-down inside the lowered part, tilted 0 or 45 degrees about their long axis', () => {
    expect(VENETIAN_TILTS.map((t) => t.degrees)).toEqual([0, 45]);
    const slats = slatInstances(1000, 50, 60, 45);
    expect(slats).toHaveLength(12);
    expect(slats[0]!.v).toBeCloseTo(0.025);
    for (const s of slats) {
      expect(s.tilt).toBeCloseTo(Math.PI / 4);
      expect(s.v + s.height / 2).toBeLessThanOrEqual(0.6 + 1e-9);
    }
    expect(slatInstances(1000, 50, 100, 0)[0]!.tilt).toBe(0);
  });

  it('closes the gaps when closed and lets light through when open', () => {
    expect(slatGapFraction(0)).toBe(0);
    expect(slatGapFraction(45)).toBeGreaterThan(0.15);
  });
});

describe('vertical vanes', () => {
  it('has at least 8 vanes, about width / 3.5 inches', () => {
    expect(vaneCount(500)).toBe(8);
    expect(vaneCount(1800)).toBe(20);
    expect(vaneCount(2400)).toBe(27);
  });

  it('turns Closed Left / Open / Closed Right (0 / 45 / 90)', () => {
    expect(VERTICAL_POSITIONS.map((p) => [p.label, p.degrees])).toEqual([
      ['Closed Left', 0],
      ['Open', 45],
      ['Closed Right', 90],
    ]);
    const left = vaneTurn(0);
    const open = vaneTurn(45);
    const right = vaneTurn(90);
    expect(left).toBeCloseTo(-right);
    expect(Math.abs(open)).toBeGreaterThan(Math.abs(left) * 3);
    // Closed vanes overlap (facing width > pitch); open ones leave gaps.
    const vanes = vaneInstances(1200, 100, 0);
    expect(vanes).toHaveLength(vaneCount(1200));
    expect(vanes[0]!.width * Math.cos(left)).toBeGreaterThan(1 / vanes.length);
    expect(vanes[0]!.width * Math.cos(open)).toBeLessThan(0.5 / vanes.length);
  });

  it('stacks to the left when drawn back', () => {
    const drawn = vaneInstances(1200, 20, 45);
    expect(drawn.at(-1)!.u).toBeLessThan(0.25);
    expect(vaneInstances(1200, 100, 45).at(-1)!.u).toBeGreaterThan(0.9);
  });
});

describe('honeycomb, zebra and plantation', () => {
  it('has a cell every 25 mm of drop', () => {
    expect(honeycombCellCount(1500)).toBe(60);
    expect(honeycombCellCount(1500, 40)).toBe(24);
    const cells = honeycombCells(1000, 100);
    expect(cells).toHaveLength(40);
    expect(cells[0]!.height).toBeCloseTo(0.025);
  });

  it('has 8 alternating zebra bands', () => {
    const bands = zebraBands();
    expect(bands).toHaveLength(8);
    expect(bands.map((b) => b.opaque)).toEqual([true, false, true, false, true, false, true, false]);
    expect(bands.at(-1)!.v1).toBe(1);
  });

  it('derives plantation slats from 1200 mm over an 84 mm pitch', () => {
    expect(plantationSlatCount()).toBe(14);
  });

  it('repeats the swatch per slat, vane, cell or whole fabric', () => {
    expect(swatchRepeat(findProduct('venetian-wood'), 1500, 1200, 100)).toEqual([10, 50 / 150]);
    expect(swatchRepeat(findProduct('roller-blockout'), 1500, 1200, 50)).toEqual([10, 4]);
  });
});

/** A synthetic photo: a dark rectangle (a window) on a light wall. */
function windowImage(width: number, height: number, rect: { x0: number; y0: number; x1: number; y1: number }): GreyImage {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1;
      const v = inside ? 60 : 220;
      rgba.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return toGrey(rgba, width, height);
}

describe('corner snapping (Shi-Tomasi)', () => {
  const img = windowImage(200, 150, { x0: 50, y0: 40, x1: 150, y1: 110 });

  it('answers a strong response at a corner and none on an edge or flat wall', () => {
    expect(cornerResponse(img, 50, 40)).toBeGreaterThan(0.1);
    expect(cornerResponse(img, 100, 40)).toBeLessThan(1e-6);
    expect(cornerResponse(img, 10, 10)).toBe(0);
  });

  it('snaps taps a few pixels off to the true corners, deterministically', () => {
    const taps = [
      { x: 27, y: 24 }, // near (50, 40) = 25%, 26.7%
      { x: 73, y: 29 },
      { x: 76.5, y: 71 },
      { x: 23, y: 75 },
    ];
    const snapped = snapCorners(img, taps, 0.05);
    const expected = [
      [25, 26.67],
      [75, 26.67],
      [75, 73.33],
      [25, 73.33],
    ];
    snapped.forEach((p, i) => {
      expect(Math.abs(p.x - expected[i]![0]!)).toBeLessThan(1.2);
      expect(Math.abs(p.y - expected[i]![1]!)).toBeLessThan(1.5);
    });
    expect(snapCorners(img, taps, 0.05)).toEqual(snapped);
  });

  it('leaves a tap alone when there is no corner nearby', () => {
    expect(snapCorners(img, [{ x: 5, y: 5 }], 0.03)).toEqual([{ x: 5, y: 5 }]);
  });

  it('downscales to at most 320 px, never enlarging', () => {
    expect(workingSize(1200, 900)).toEqual({ width: 320, height: 240 });
    expect(workingSize(100, 80)).toEqual({ width: 100, height: 80 });
  });
});

describe('zebra preview product', () => {
  it("is drawable by the preview but not one of the AR set-up's 12 products", () => {
    expect(AR_PRODUCTS).toHaveLength(12);
    expect(AR_PRODUCTS.some((p) => p.kind === 'zebra')).toBe(false);
    expect(PREVIEW_PRODUCTS.map((p) => p.id)).toContain('double-roller-zebra');
    expect(findProduct('double-roller-zebra').kind).toBe('zebra');
    expect(zebraBands(100).filter((b) => !b.opaque)).toHaveLength(4);
    // 0.9 fabric opacity x 0.33 is the spec's sheer 0.3.
    expect(Math.round(0.9 * ZEBRA_SHEER_ALPHA * 100) / 100).toBe(0.3);
  });
});

describe('typical sizes', () => {
  it("labels an opening's typical size as typical, never as the blind's size", () => {
    expect(typicalSizeLabel(OPENING_TYPES[0]!)).toBe('Typical size for a standard window: 1200 mm x 1200 mm - enter your own measurements');
    expect(typicalSizeLabel(OPENING_TYPES.find((o) => o.id === 'outdoor-area')!)).toMatch(
      /^Typical size for an outdoor area: 3000 mm x 2400 mm/,
    );
    for (const opening of OPENING_TYPES) expect(typicalSizeLabel(opening)).not.toMatch(/wide|drop/);
  });
});
