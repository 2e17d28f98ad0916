// Shapes of the catalogue as the seed writes it and the API reads it. Shared by worker and web.

export const CATALOGUE_SECTIONS = ['indoor_blinds', 'indoor_shutters', 'outdoor_blinds', 'outdoor_shutters', 'outdoor_awnings'] as const;
export type CatalogueSection = (typeof CATALOGUE_SECTIONS)[number];

/** How a swatch texture is drawn from a colour (see worker/services/swatch-texture.ts). */
export const SWATCH_TEXTURES = [
  'aluminium-plain',
  'aluminium-brushed',
  'wood-grain',
  'linen-weave',
  'blockout-fabric',
  'canvas',
  'sheer',
  'honeycomb',
  'pvc',
] as const;
export type SwatchTexture = (typeof SWATCH_TEXTURES)[number];

export interface SeedColour {
  /** Stable slug, unique within its colour set, e.g. 'bedford-charcoal'. */
  slug: string;
  name: string;
  /** '#RRGGBB', upper case. */
  hex: string;
  material: string;
  finish: string;
  description: string;
  texture: SwatchTexture;
}

export interface SeedColourSet {
  /** Built-in option-set key of staff spec 3.1, e.g. 'roller_blockout'. */
  key: string;
  colours: SeedColour[];
}

export interface SeedProduct {
  /** Server name, e.g. 'vertical-blockout'. Primary key. */
  id: string;
  /** Calculator id of storefront spec section 3, or null when the calculator does not offer it. */
  calculatorId: string | null;
  name: string;
  section: CatalogueSection;
  description: string;
  /** Key of the colour set this product uses (several products may share one). */
  colourSetKey: string;
  features: string[];
  suitableFor: string[];
}

export interface SeedPriceGrid {
  productId: string;
  /** Ascending band edges in mm: a size is priced at the smallest band at or above it. */
  widthsMm: number[];
  dropsMm: number[];
  /** pricesCents[dropIndex][widthIndex], integer cents including 15% VAT. */
  pricesCents: number[][];
}
