// Seed catalogue: colour sets (staff spec 3.1), products (storefront spec 3) and SAMPLE price grids.
// Pure data plus a few small pure helpers; deterministic, no randomness.
// Prices are made-up demonstration figures for South Africa (2026), not a real price list.

import type { SeedColour, SeedColourSet, SeedPriceGrid, SeedProduct, SwatchTexture } from '../shared/catalogue-types';
import { slugify } from '../lib/slug';

export const SAMPLE_PRICE_LIST_NOTE = 'Sample prices for demonstration: replace by uploading the business price lists.';

// ---------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------

/** Shared attributes of the colours in one table; a row may override any of them. */
interface ColourDefaults {
  material: string;
  finish: string;
  texture: SwatchTexture;
}

/** [name, hex, description, overrides?] */
type ColourRow = [string, string, string, Partial<ColourDefaults>?];

function colours(defaults: ColourDefaults, rows: ColourRow[]): SeedColour[] {
  return rows.map(([name, hex, description, overrides]) => ({
    slug: slugify(name),
    name,
    hex,
    ...defaults,
    ...overrides,
    description,
  }));
}

// Frequently used overrides.
const BRUSHED: Partial<ColourDefaults> = { finish: 'Brushed', texture: 'aluminium-brushed' };
const LINEN_WEAVE: Partial<ColourDefaults> = { finish: 'Textured weave', texture: 'linen-weave' };
const WOODGRAIN: Partial<ColourDefaults> = { finish: 'Woodgrain', texture: 'wood-grain' };

// ---------------------------------------------------------------------------
// Colour sets
// ---------------------------------------------------------------------------

export const COLOUR_SETS: SeedColourSet[] = [
  {
    key: 'venetian_aluminium_50mm',
    colours: colours({ material: 'Aluminium', finish: 'Satin', texture: 'aluminium-plain' }, [
      ['Pure White', '#F7F7F5', 'A crisp, clean white that keeps kitchens, bathrooms and bright living spaces feeling fresh.'],
      ['Chalk White', '#EDEBE4', 'A soft, slightly warm white that sits comfortably against cream or natural plaster walls.'],
      ['Ivory', '#EEE6D2', 'A gentle warm cream for classic interiors, bedrooms and rooms with timber furniture.'],
      ['Sandstone', '#CDB996', 'A warm sandy beige that suits earthy, coastal and Tuscan-style homes.'],
      ['Taupe', '#8B7D6F', 'A muted grey-brown that adds warmth to lounges and studies without feeling heavy.'],
      ['Dove Grey', '#B9B7B2', 'A calm light grey that blends with most wall colours in modern homes and offices.'],
      ['Silver Grey', '#C0C2C4', 'A cool pale grey with a metallic feel for contemporary kitchens and home offices.'],
      ['Charcoal', '#3E4145', 'A deep charcoal grey that frames the view and suits modern, industrial-style rooms.'],
      ['Matt Black', '#1E1E1F', 'A bold black for dramatic modern spaces, black window frames and monochrome decor.'],
      ['Navy', '#243246', 'A rich dark navy that adds a confident accent to studies, dens and coastal schemes.'],
      ['Brushed Silver', '#B8BBBE', 'A brushed metal silver that catches the light and suits sleek kitchens and offices.', BRUSHED],
      ['Brushed Pewter', '#8A8D8F', 'A mid-grey brushed metal finish for understated modern rooms.', BRUSHED],
      ['Brushed Graphite', '#4A4D50', 'A dark brushed metal grey that pairs well with charcoal frames and concrete finishes.', BRUSHED],
      ['Brushed Champagne', '#CFC0A0', 'A soft gold-beige brushed metal that adds quiet warmth to bedrooms and lounges.', BRUSHED],
      ['Brushed Bronze', '#7C6248', 'A warm brushed bronze for rooms with wood, leather and earthy tones.', BRUSHED],
    ]),
  },
  {
    key: 'venetian_aluminium_25mm',
    colours: colours({ material: 'Aluminium', finish: 'Satin', texture: 'aluminium-plain' }, [
      ['Snow White', '#FAFAF8', 'A bright clean white, the popular choice for bathrooms, kitchens and small windows.'],
      ['Antique White', '#F1EBDD', 'A soft off-white that looks gentle against warm-toned walls and tiles.'],
      ['Cream', '#F2E6C8', 'A warm cream for traditional bedrooms and kitchens with wooden cupboards.'],
      ['Beige', '#D8C7A6', 'A natural beige that blends into neutral schemes and sandy tiles.'],
      ['Light Grey', '#C8C9C7', 'A pale neutral grey that works with white or grey walls in modern homes.'],
      ['Storm Grey', '#6E7378', 'A mid blue-grey for contemporary bathrooms and home offices.'],
      ['Charcoal', '#3E4145', 'A deep charcoal grey that gives small windows a sharp, modern outline.'],
      ['Black', '#1C1C1D', 'A striking black for monochrome bathrooms and black aluminium window frames.'],
      ['Silver', '#BFC1C3', 'A classic metallic silver for kitchens, offices and practical spaces.'],
      ['Brushed Aluminium', '#B3B6B8', 'A brushed natural aluminium look for industrial-style kitchens and studios.', BRUSHED],
      ['Brushed Champagne', '#CBBB98', 'A warm brushed gold-beige that adds a touch of richness to bedrooms and bathrooms.', BRUSHED],
      ['Duck Egg', '#C6D8D3', 'A soft blue-green pastel that brings a calm, fresh feel to bathrooms and nurseries.'],
      ['Sage', '#A3AE94', 'A muted grey-green that suits kitchens, sunrooms and rooms with plants and natural wood.'],
      ['Powder Blue', '#B6CCE0', "A light airy blue for children's rooms, bathrooms and seaside homes."],
      ['Terracotta', '#B8614A', 'A warm earthy orange-red accent for kitchens and Mediterranean-style rooms.'],
      ['Mocha', '#6B5142', 'A rich coffee brown that pairs well with wooden floors and warm neutrals.'],
    ]),
  },
  {
    key: 'roller_blockout',
    colours: [
      // Bedford: smooth matte blockout.
      ...colours({ material: 'Polyester blockout fabric (acrylic foam backed)', finish: 'Matte', texture: 'blockout-fabric' }, [
        ['Bedford White', '#F4F3EF', 'A clean white blockout that keeps bedrooms dark at night and looks bright and fresh by day.'],
        ['Bedford Ivory', '#EDE5D1', 'A soft warm ivory for bedrooms and nurseries with cream or beige walls.'],
        ['Bedford Stone', '#BDB3A2', 'A warm stone neutral that blends with most furniture in bedrooms and lounges.'],
        ['Bedford Silver', '#B8BABB', 'A light cool grey for modern bedrooms, offices and media rooms.'],
        ['Bedford Slate', '#5C6369', 'A deep blue-grey that gives bedrooms a calm, enclosed feel.'],
        ['Bedford Charcoal', '#3C3E41', 'A dark charcoal grey, ideal for media rooms and main bedrooms where you want it really dark.'],
        ['Bedford Black', '#1D1D1E', "A deep black for home cinemas, shift workers' bedrooms and bold modern decor."],
      ]),
      // Linen: blockout with a woven linen look.
      ...colours({ material: 'Linen-look polyester blockout fabric', finish: 'Textured weave', texture: 'linen-weave' }, [
        ['Linen White', '#F1EEE6', 'A white with a soft linen texture for relaxed bedrooms and living rooms.'],
        ['Linen Oyster', '#D9D2C3', 'A pale warm grey with a natural woven look that suits calm, neutral interiors.'],
        ['Linen Flax', '#CBB994', 'A natural flax beige that pairs beautifully with timber floors and rattan.'],
        ['Linen Pebble', '#A8A196', 'A soft grey-taupe that is easy to live with in lounges and bedrooms.'],
        ['Linen Mink', '#8A7B6C', 'A warm mink brown for cosy bedrooms and studies.'],
        ['Linen Graphite', '#4E5053', 'A textured dark grey that adds depth to modern bedrooms and TV rooms.'],
      ]),
      // Riviera: coastal colours in smooth and woven finishes.
      ...colours({ material: 'Polyester blockout fabric', finish: 'Matte', texture: 'blockout-fabric' }, [
        ['Riviera Chalk', '#ECE9E1', 'A soft chalky white for airy coastal bedrooms and guest rooms.'],
        ['Riviera Sand', '#D2C2A2', 'A warm beach-sand beige that suits holiday homes and light, relaxed rooms.'],
        [
          'Riviera Driftwood',
          '#9C8E7C',
          'A weathered grey-brown with a woven texture for natural, beachy interiors.',
          { ...LINEN_WEAVE, material: 'Textured polyester blockout fabric' },
        ],
        [
          'Riviera Sea Mist',
          '#B7C4C0',
          'A pale grey-green with a woven look that brings a fresh seaside calm to bedrooms.',
          { ...LINEN_WEAVE, material: 'Textured polyester blockout fabric' },
        ],
        [
          'Riviera Olive',
          '#6B6A4A',
          'A muted olive green with a woven texture for earthy, botanical-style rooms.',
          { ...LINEN_WEAVE, material: 'Textured polyester blockout fabric' },
        ],
        ['Riviera Ocean', '#2F4E63', 'A deep ocean blue that darkens bedrooms and makes a strong coastal statement.'],
      ]),
    ],
  },
  {
    key: 'venetian_aluwood_50mm',
    colours: colours({ material: 'Aluwood', finish: 'Woodgrain', texture: 'wood-grain' }, [
      ['Whitewash', '#E8E2D6', 'A white-washed timber look for fresh Scandinavian and coastal rooms, including kitchens.'],
      ['Light Ash', '#D6C4A4', 'A pale natural ash grain that keeps bright rooms light while adding a little warmth.'],
      ['Natural Oak', '#C19A6B', 'A honey oak grain that matches wooden floors and furniture in living rooms.'],
      ['Teak', '#9C6B3F', 'A rich golden-brown teak look for warm, classic interiors and studies.'],
      ['Walnut', '#5E4331', 'A deep walnut brown that adds a sophisticated, furniture-like finish to lounges.'],
      ['Driftwood Grey', '#8E8679', 'A weathered grey timber look for modern farmhouse and coastal homes.'],
      ['Ebony', '#2E2623', 'A near-black wood grain for dramatic modern rooms and dark window frames.'],
    ]),
  },
  {
    key: 'venetian_aluwood_25mm',
    colours: colours({ material: 'Aluwood', finish: 'Woodgrain', texture: 'wood-grain' }, [
      ['Snow Birch', '#EDE8DE', 'A pale birch grain that gives small windows a soft, natural look in bathrooms and kitchens.'],
      ['Light Ash', '#D6C4A4', 'A light natural ash grain for bright, relaxed rooms.'],
      ['Honey Oak', '#C8944F', 'A warm honey oak that complements pine and oak cupboards.'],
      ['Cherry', '#8E4A32', 'A reddish cherry wood look for traditional studies and dining rooms.'],
      ['Walnut', '#5E4331', 'A deep walnut grain for a rich, classic finish.'],
      ['Weathered Grey', '#8A857C', 'A soft grey timber look for contemporary bathrooms and coastal homes.'],
      ['Espresso', '#3A2A22', 'A dark coffee-brown grain that adds contrast against light walls.'],
    ]),
  },
  {
    key: 'outdoor_blinds',
    colours: [
      ...colours({ material: 'PVC-coated polyester mesh', finish: 'Textured weave', texture: 'canvas' }, [
        ['Charcoal Mesh', '#3A3C3E', 'A dark charcoal mesh that cuts glare well and gives the clearest view out from the patio.'],
        ['Black Mesh', '#1F1F20', 'A black mesh with the least glare and best see-through view, ideal for modern patios.'],
        ['Stone Grey Mesh', '#7D8083', 'A mid-grey mesh that blends with plaster walls, paving and grey window frames.'],
        [
          'Pearl White Mesh',
          '#EDEDEA',
          'A white mesh that keeps the patio bright and gives more privacy by day, with a less clear view out.',
        ],
        ['Beige Mesh', '#CBB99A', 'A warm beige mesh that suits sandstone, face-brick and Tuscan-style homes.'],
        ['Sandstone Mesh', '#B9A17E', 'A sandy tan mesh that blends with natural stone and earthy gardens.'],
        ['Bronze Mesh', '#6A5544', 'A bronze-brown mesh that matches bronze aluminium frames and timber decks.'],
      ]),
      ...colours({ material: 'Acrylic canvas', finish: 'Matte', texture: 'canvas' }, [
        ['Natural Canvas', '#E3D7BE', 'A natural ecru canvas for full shade and privacy on verandas and braai areas.'],
        ['Forest Green Canvas', '#2F4A3A', 'A deep green canvas that sits quietly in leafy gardens and farmhouse verandas.'],
        ['Navy Canvas', '#233248', 'A classic navy canvas for coastal homes and nautical-style patios.'],
        ['Terracotta Canvas', '#B45E44', 'A warm terracotta canvas that suits Mediterranean-style homes and clay paving.'],
      ]),
    ],
  },
  {
    key: 'roller_sheer',
    colours: colours({ material: 'Polyester sheer fabric', finish: 'Sheer', texture: 'sheer' }, [
      ['Snow White', '#F7F7F4', 'A bright white sheer that softens glare and keeps living rooms light and airy.'],
      ['Ivory', '#EFE7D4', 'A warm ivory sheer that gives daylight a gentle, golden glow.'],
      ['Oyster', '#D9D2C3', 'A pale warm grey sheer that tones down bright sun without darkening the room.'],
      ['Linen', '#DCCFB5', 'A natural linen-coloured sheer for relaxed lounges and dining rooms.'],
      ['Dove', '#BDBAB4', 'A soft grey sheer for modern living areas and home offices.'],
      ['Pewter', '#8C8D8E', 'A mid-grey sheer that cuts glare on screens while keeping the view out.'],
      ['Mocha', '#7A6453', 'A warm brown sheer that reduces brightness in sunny west-facing rooms.'],
      ['Charcoal', '#45474A', 'A dark sheer with the clearest view out and strong glare reduction for offices and TV rooms.'],
    ]),
  },
  {
    key: 'vertical_blinds',
    colours: colours({ material: 'Polyester blockout vanes (89 mm)', finish: 'Matte', texture: 'blockout-fabric' }, [
      ['Arctic White', '#F3F2EE', 'A clean white for sliding doors and large windows in bright living areas.'],
      ['Ivory', '#EEE5CF', 'A warm ivory that softens large expanses of glass in lounges and bedrooms.'],
      ['Sand', '#D3C3A3', 'A warm sand beige that blends with neutral walls and tiled floors.'],
      [
        'Linen Natural',
        '#D8CDB8',
        'A natural woven look for relaxed living rooms and offices.',
        { ...LINEN_WEAVE, material: 'Linen-look polyester blockout vanes (89 mm)' },
      ],
      ['Silver Grey', '#BDBFC0', 'A light cool grey for modern offices and open-plan living areas.'],
      [
        'Slate',
        '#5E656B',
        'A textured blue-grey that gives sliding doors a smart, modern finish.',
        { ...LINEN_WEAVE, material: 'Linen-look polyester blockout vanes (89 mm)' },
      ],
      ['Charcoal', '#404245', 'A dark charcoal for media rooms and contemporary interiors.'],
    ]),
  },
  {
    key: 'double_roller_zebra',
    colours: colours(
      { material: 'Polyester dual-layer fabric (alternating sheer and solid bands)', finish: 'Textured weave', texture: 'linen-weave' },
      [
        [
          'White',
          '#F5F4F0',
          'A bright white with soft sheer bands for light, airy living rooms and bedrooms.',
          { finish: 'Sheer', texture: 'sheer' },
        ],
        ['Cream', '#EFE5CC', 'A warm cream that gives a gentle glow when the sheer bands are open.', { finish: 'Sheer', texture: 'sheer' }],
        ['Oatmeal', '#D6C8AE', 'A natural oatmeal weave that suits relaxed, neutral interiors.'],
        ['Grey Mist', '#C3C4C2', 'A soft misty grey for calm modern bedrooms and lounges.', { finish: 'Sheer', texture: 'sheer' }],
        ['Silver', '#B0B2B3', 'A light silver-grey weave for contemporary offices and living areas.'],
        ['Mocha', '#73604F', 'A warm mocha brown that adds depth to lounges with wooden furniture.'],
        ['Charcoal', '#434548', 'A dark charcoal weave that gives stronger shading and a modern look.'],
        [
          'Black',
          '#222223',
          'A bold black for monochrome rooms, with the clearest view through the sheer bands.',
          { finish: 'Sheer', texture: 'sheer' },
        ],
      ],
    ),
  },
  {
    key: 'honeycomb_blockout',
    colours: colours({ material: 'Polyester honeycomb fabric, blockout lined', finish: 'Matte', texture: 'honeycomb' }, [
      ['Pure White', '#F6F5F1', 'A clean white that darkens bedrooms and helps keep the room warm in winter.'],
      ['Cream', '#EDE3CC', 'A soft cream for nurseries and bedrooms with warm-toned walls.'],
      ['Stone', '#BEB4A3', 'A warm stone neutral that blends with most bedroom furniture.'],
      ['Charcoal', '#45474A', 'A dark charcoal for main bedrooms and media rooms in modern homes.'],
    ]),
  },
  {
    key: 'honeycomb_duotone',
    colours: colours(
      { material: 'Polyester honeycomb fabric, light filtering (white street side)', finish: 'Matte', texture: 'honeycomb' },
      [
        ['Soft White', '#F2F0EA', 'A soft white that fills living rooms with gentle, diffused light.'],
        ['Sand', '#D5C5A5', 'A warm sand on the room side for relaxed lounges and dining rooms.'],
        ['Dove Grey', '#BAB8B3', 'A light grey on the room side for modern living spaces and offices.'],
        ['Mocha', '#7A6553', 'A warm mocha on the room side that softens bright light in studies and lounges.'],
      ],
    ),
  },
  {
    key: 'venetian_plaswood',
    colours: colours({ material: 'Plaswood (PVC wood composite)', finish: 'Satin', texture: 'pvc' }, [
      ['Bright White', '#FAFAF7', 'A crisp painted-look white that stays fresh in steamy bathrooms and kitchens.'],
      ['Off White', '#F1ECE0', 'A soft off-white that looks like painted timber and copes with humidity.'],
      ['Cream', '#EDE2C8', 'A warm cream for country kitchens and traditional bathrooms.'],
      ['Soft Grey', '#C9C8C3', 'A gentle light grey for modern bathrooms and laundries.'],
      ['Charcoal', '#404245', 'A deep charcoal that suits contemporary kitchens with dark cabinetry.'],
      ['Black', '#1F1F20', 'A bold black for modern bathrooms with black taps and frames.'],
      ['Light Oak', '#D3B58A', 'A pale oak look that adds warmth to bathrooms without the worry of real timber.', WOODGRAIN],
      ['Natural Oak', '#BE9566', 'A classic oak look for kitchens and family rooms.', WOODGRAIN],
      ['Grey Oak', '#8F887D', 'A weathered grey oak look for modern farmhouse and coastal homes.', WOODGRAIN],
      ['Teak', '#9C6B3F', 'A golden-brown teak look for warm, classic interiors.', WOODGRAIN],
      ['Mahogany', '#6B3328', 'A deep reddish-brown for traditional studies and dining rooms.', WOODGRAIN],
      ['Walnut', '#5E4331', 'A rich walnut look that pairs with dark wooden furniture.', WOODGRAIN],
    ]),
  },
  {
    key: 'venetian_wood',
    colours: colours({ material: 'Solid basswood, stained', finish: 'Woodgrain', texture: 'wood-grain' }, [
      [
        'Basswood White',
        '#F4F1EA',
        'A painted white timber blind with subtle grain for bright bedrooms and living rooms.',
        { material: 'Solid basswood, painted', finish: 'Satin' },
      ],
      [
        'Basswood Ivory',
        '#EEE4CE',
        'A warm painted ivory for classic bedrooms and dining rooms.',
        { material: 'Solid basswood, painted', finish: 'Satin' },
      ],
      [
        'Basswood Natural',
        '#DCC49B',
        'The natural pale timber under a clear lacquer, for light Scandinavian-style rooms.',
        { material: 'Solid basswood, clear lacquer' },
      ],
      ['Limed Oak', '#D6C9B0', 'A pale limed oak stain with a soft chalky look for coastal and farmhouse homes.'],
      ['Light Oak', '#CFAE7F', 'A light oak stain that matches pale wooden floors and furniture.'],
      ['Golden Oak', '#B9833F', 'A warm golden oak stain for cosy lounges and studies.'],
      ['Cedar', '#A0613A', 'A reddish-brown cedar stain that brings warmth to living and dining rooms.'],
      ['Teak', '#9A6A3C', 'A rich teak stain for classic interiors with wooden furniture.'],
      ['Cherry', '#8A4534', 'A deep cherry stain for traditional studies and dining rooms.'],
      ['Mahogany', '#6A2E22', 'A dark reddish mahogany stain for formal lounges and libraries.'],
      ['Walnut', '#5C4030', 'A deep walnut stain with a sophisticated, furniture-like finish.'],
      ['Espresso', '#3B2B22', 'A very dark coffee-brown stain that contrasts well with light walls.'],
      ['Ebony', '#2A2220', 'A near-black stain for dramatic modern rooms and dark window frames.'],
    ]),
  },
  {
    key: 'shutters',
    colours: [
      ...colours({ material: 'Basswood or PVC, painted', finish: 'Satin', texture: 'pvc' }, [
        ['Pure White', '#F7F7F4', 'A crisp white, the classic plantation shutter colour for any room.'],
        ['Silk White', '#F2F0E9', 'A soft white that looks gentle against warm walls and natural light.'],
        ['Linen White', '#EFE9DC', 'A warm off-white for classic and country-style homes.'],
        ['Cream', '#EDE2C6', 'A warm cream for traditional interiors and older homes.'],
      ]),
      ...colours({ material: 'Basswood or PVC, woodgrain stain', finish: 'Woodgrain', texture: 'wood-grain' }, [
        ['Natural Basswood', '#D8BE93', 'A light natural timber look for relaxed living rooms and bedrooms.'],
        ['Golden Oak', '#B88A57', 'A warm oak stain that matches wooden floors and furniture.'],
        ['Grey Wash', '#A39D93', 'A soft grey-washed timber look for coastal and modern farmhouse homes.'],
        ['Walnut', '#5E4331', 'A rich dark walnut stain for studies and formal lounges.'],
      ]),
    ],
  },
  {
    key: 'awning_canvas',
    colours: colours({ material: 'Solution-dyed acrylic canvas', finish: 'Textured weave', texture: 'canvas' }, [
      ['Natural Ecru', '#E6DCC4', 'A light natural canvas that gives soft, bright shade over patios and decks.'],
      ['Sand', '#CDB894', 'A warm sand canvas that suits face-brick, sandstone and Tuscan-style homes.'],
      ['Stone Grey', '#8D8C86', 'A neutral grey canvas that blends with modern plaster homes and grey roofs.'],
      ['Charcoal', '#3D3F42', 'A dark charcoal canvas for deeper shade and a crisp modern look.'],
      ['Navy', '#22304A', 'A classic navy canvas for coastal homes and poolside patios.'],
      ['Forest Green', '#2E4B3B', 'A deep green canvas that sits naturally against gardens and farmhouse verandas.'],
      ['Terracotta', '#B05A40', 'A warm terracotta canvas for Mediterranean-style homes and clay roof tiles.'],
      ['Burgundy', '#6E2230', 'A rich burgundy canvas for traditional homes, restaurants and shopfronts.'],
    ]),
  },
  {
    key: 'security_aluminium',
    colours: colours({ material: 'Powder-coated aluminium', finish: 'Matte', texture: 'aluminium-plain' }, [
      ['Traffic White', '#F4F4F2', 'A clean white powder coat that blends with white window frames and light walls.', { finish: 'Satin' }],
      ['Silver Grey', '#A8AAAC', 'A neutral silver-grey that suits natural aluminium frames and modern homes.'],
      ['Charcoal', '#3D3F42', 'A dark charcoal powder coat that matches charcoal frames and looks discreet from outside.'],
      ['Bronze', '#5A4A3A', 'A dark bronze powder coat that matches bronze window frames and face-brick homes.'],
      ['Matt Black', '#1E1E1F', 'A deep black powder coat for modern homes with black frames and steel details.'],
    ]),
  },
];

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------

export const PRODUCTS: SeedProduct[] = [
  // --- Indoor blinds offered by the quote calculator ---
  {
    id: 'roller-blockout',
    calculatorId: 'roller-blockout',
    name: 'Roller Blind - Blockout',
    section: 'indoor_blinds',
    description:
      'A made-to-measure roller blind in an opaque blockout fabric that darkens the room and gives full privacy when down, then rolls up neatly out of the way. A small gap of light around the edges is normal for a roller.',
    colourSetKey: 'roller_blockout',
    features: [
      'Opaque fabric for darkening bedrooms and screen rooms',
      'Full privacy day and night when lowered',
      'Chain control on the left or right',
      'Inside-recess or face-fix mounting',
      'Rolls up compactly to keep the view clear',
    ],
    suitableFor: ['bedroom', 'nursery', 'living room', 'media room', 'office'],
  },
  {
    id: 'roller-sheer',
    calculatorId: 'roller-sheer',
    name: 'Roller Blind - Sheer',
    section: 'indoor_blinds',
    description:
      'A roller blind in a translucent sheer fabric that softens glare and gives daytime privacy while keeping the view out. At night, with lights on inside, it does not give privacy on its own.',
    colourSetKey: 'roller_sheer',
    features: [
      'Filters glare and harsh sun while letting daylight in',
      'Keeps a view out through the fabric',
      'Daytime privacy from outside',
      'Chain control on the left or right',
      'Inside-recess or face-fix mounting',
    ],
    suitableFor: ['living room', 'dining room', 'kitchen', 'office', 'sliding door'],
  },
  {
    id: 'venetian-25mm-aluminium',
    calculatorId: 'venetian-aluminium-25mm',
    name: 'Venetian Blind - 25mm Aluminium',
    section: 'indoor_blinds',
    description:
      'Slim 25mm aluminium slats that tilt to fine-tune light and privacy. Aluminium does not swell or warp, so these blinds cope well with steam and splashes in bathrooms and kitchens.',
    colourSetKey: 'venetian_aluminium_25mm',
    features: [
      'Tilt wand for precise light and privacy control',
      'Moisture-resistant aluminium slats',
      'Slim slats suit small and shallow window recesses',
      'Lightweight and easy to wipe clean',
      'Cord lift to raise the blind fully',
    ],
    suitableFor: ['bathroom', 'kitchen', 'laundry', 'bedroom', 'office'],
  },
  {
    id: 'venetian-50mm-aluminium',
    calculatorId: 'venetian-aluminium-50mm',
    name: 'Venetian Blind - 50mm Aluminium',
    section: 'indoor_blinds',
    description:
      'Wider 50mm aluminium slats for a bolder look and a clearer view between the slats when open. Tilting gives good control of light and privacy, and aluminium handles humid rooms.',
    colourSetKey: 'venetian_aluminium_50mm',
    features: [
      'Tilt to control light and privacy',
      'Wide slats give a clearer view when open',
      'Moisture-resistant aluminium, will not warp',
      'Plain and brushed metal finishes',
      'Easy to wipe clean',
    ],
    suitableFor: ['kitchen', 'bathroom', 'living room', 'bedroom', 'office'],
  },
  {
    id: 'venetian-25mm-aluwood',
    calculatorId: 'venetian-aluwood-25mm',
    name: 'Venetian Blind - 25mm Aluwood',
    section: 'indoor_blinds',
    description:
      'Slim 25mm aluminium slats with a printed wood-grain finish, giving the warmth of timber with the light weight and moisture resistance of aluminium.',
    colourSetKey: 'venetian_aluwood_25mm',
    features: [
      'Wood look without the maintenance of real timber',
      'Moisture-resistant aluminium core',
      'Tilt to control light and privacy',
      'Slim slats for small windows',
    ],
    suitableFor: ['bathroom', 'kitchen', 'bedroom', 'office', 'laundry'],
  },
  {
    id: 'venetian-50mm-aluwood',
    calculatorId: 'venetian-aluwood-50mm',
    name: 'Venetian Blind - 50mm Aluwood',
    section: 'indoor_blinds',
    description:
      'Wide 50mm aluminium slats finished in a realistic wood grain, for a timber look in rooms where real wood would struggle with humidity.',
    colourSetKey: 'venetian_aluwood_50mm',
    features: [
      'Realistic wood-grain finish on aluminium',
      'Will not swell or warp in humid rooms',
      'Lighter to lift than timber or PVC slats',
      'Tilt to control light and privacy',
    ],
    suitableFor: ['kitchen', 'bathroom', 'living room', 'bedroom', 'office'],
  },
  {
    id: 'venetian-50mm-plaswood',
    calculatorId: 'venetian-plaswood',
    name: 'Venetian Blind - Plaswood',
    section: 'indoor_blinds',
    description:
      'Plaswood slats are a PVC wood composite that looks like painted or stained timber but resists moisture and warping, making them a practical wood-look choice for bathrooms and kitchens.',
    colourSetKey: 'venetian_plaswood',
    features: [
      'Moisture-resistant, will not warp or rot',
      'Painted and woodgrain finishes',
      'Costs less than real timber',
      'Tilt to control light and privacy',
      'Heavier than aluminium, so very wide windows may be split into two blinds',
    ],
    suitableFor: ['bathroom', 'kitchen', 'laundry', 'bedroom', 'living room'],
  },
  {
    id: 'venetian-50mm-wood',
    calculatorId: 'venetian-wood',
    name: 'Venetian Blind - Wood',
    section: 'indoor_blinds',
    description:
      'Real timber 50mm slats with natural grain for warmth and character in living rooms, bedrooms and studies. Not recommended for bathrooms or steamy kitchens, where wood can warp.',
    colourSetKey: 'venetian_wood',
    features: [
      'Solid timber slats with natural grain',
      'Painted, lacquered and stained finishes',
      'Tilt to control light and privacy',
      'Optional cloth tapes for a classic look',
    ],
    suitableFor: ['living room', 'bedroom', 'dining room', 'study', 'office'],
  },
  {
    id: 'vertical-blockout',
    calculatorId: 'verticals-blockout',
    name: 'Vertical Blind - Blockout',
    section: 'indoor_blinds',
    description:
      'Vertical blockout vanes that tilt to control light and draw to the side, making them a practical choice for wide windows and sliding doors.',
    colourSetKey: 'vertical_blinds',
    features: [
      'Ideal for sliding doors and wide windows',
      'Vanes tilt for light control and draw aside to walk through',
      'Blockout fabric for privacy',
      'Individual vanes can be replaced',
    ],
    suitableFor: ['sliding door', 'living room', 'office', 'bedroom'],
  },
  {
    id: 'honeycomb-blockout',
    calculatorId: 'honeycomb-blockout',
    name: 'Honeycomb Blind - Blockout',
    section: 'indoor_blinds',
    description:
      'A cellular blind whose honeycomb air pockets insulate the window, helping rooms stay warmer in winter and cooler in summer, with a blockout lining that darkens bedrooms.',
    colourSetKey: 'honeycomb_blockout',
    features: [
      'Honeycomb cells trap air for insulation',
      'Blockout lining for darker bedrooms',
      'Stacks very compactly when raised',
      'No visible holes or cords through the fabric',
    ],
    suitableFor: ['bedroom', 'nursery', 'living room', 'media room'],
  },
  {
    id: 'honeycomb-duotone',
    calculatorId: 'honeycomb-duotone',
    name: 'Honeycomb Blind - Duotone',
    section: 'indoor_blinds',
    description:
      'A light-filtering honeycomb blind, white on the street side for a uniform look outside and coloured on the room side. It softens light and insulates but does not darken the room.',
    colourSetKey: 'honeycomb_duotone',
    features: [
      'Honeycomb cells help insulate the window',
      'Soft, diffused light with daytime privacy',
      'White street side for a tidy look from outside',
      'Stacks very compactly when raised',
    ],
    suitableFor: ['living room', 'dining room', 'office', 'kitchen', 'bedroom'],
  },
  {
    id: 'doubleroller-zebra',
    calculatorId: 'double-roller-zebra',
    name: 'Double Roller (Zebra) Blind',
    section: 'indoor_blinds',
    description:
      'Two layers of alternating sheer and solid bands slide past each other, so you can switch between filtered light with a view and more privacy without raising the blind. The solid bands filter light rather than fully blocking it.',
    colourSetKey: 'double_roller_zebra',
    features: [
      'Switch between sheer and solid bands with one chain',
      'Filtered light and a view, or more privacy',
      'Raises fully like a roller blind',
      'Modern striped look',
    ],
    suitableFor: ['living room', 'bedroom', 'dining room', 'office'],
  },
  // --- Outdoor blinds offered by the quote calculator ---
  {
    id: 'outdoor-blinds',
    calculatorId: 'outdoor-blinds',
    name: 'Outdoor Blind',
    section: 'outdoor_blinds',
    description:
      'Weather-resistant outdoor blinds for patios and verandas that cut heat, glare and wind so the space can be used for more of the year. Mesh keeps a view out; canvas gives full shade and privacy.',
    colourSetKey: 'outdoor_blinds',
    features: [
      'Cuts sun, heat and glare on patios',
      'Reduces wind and blown dust',
      'PVC-coated mesh keeps a view out; acrylic canvas gives full shade',
      'UV- and weather-resistant fabrics',
      'Rolls up when not needed',
    ],
    suitableFor: ['patio', 'veranda', 'balcony', 'braai area', 'pergola'],
  },
  // --- Indoor shutters (priced in the calculator with their options: seed/product-options.ts) ---
  {
    id: 'shutter-basswood',
    calculatorId: 'shutter-basswood',
    name: 'Plantation Shutter - Basswood',
    section: 'indoor_shutters',
    description:
      'Timeless plantation shutters in lightweight basswood with adjustable louvres for light, airflow and privacy. Best in living areas and bedrooms; not recommended for bathrooms or wet areas.',
    colourSetKey: 'shutters',
    features: [
      'Adjustable louvres for light, airflow and privacy',
      'Lightweight, stable basswood timber',
      'Painted or stained finishes',
      'Hinged panels open fully to clean the window',
      'Made to measure for each window',
    ],
    suitableFor: ['living room', 'bedroom', 'dining room', 'study', 'office'],
  },
  {
    id: 'shutter-pvc',
    calculatorId: 'shutter-pvc',
    name: 'Plantation Shutter - PVC',
    section: 'indoor_shutters',
    description:
      'PVC plantation shutters that look like painted timber but will not swell, warp or rot with moisture, making them a good choice for bathrooms and kitchens.',
    colourSetKey: 'shutters',
    features: [
      'Waterproof PVC, ideal for bathrooms and kitchens',
      'Adjustable louvres for light, airflow and privacy',
      'Easy to wipe clean',
      'Costs less than timber shutters',
    ],
    suitableFor: ['bathroom', 'kitchen', 'laundry', 'bedroom', 'living room'],
  },
  {
    id: 'shutter-aluminium-security',
    calculatorId: 'shutter-aluminium-security',
    name: 'Aluminium Security Shutter',
    section: 'indoor_shutters',
    description:
      'Lockable aluminium shutters with adjustable louvres, fitted on the inside of windows and doors to add a physical security barrier while still letting you control light and airflow.',
    colourSetKey: 'security_aluminium',
    features: [
      'Lockable aluminium frame and louvres as a burglar deterrent',
      'Adjustable louvres for light and airflow',
      'Powder-coated finish that resists corrosion and moisture',
      'Hinged, sliding or bi-fold configurations',
      'A neater alternative to burglar bars',
    ],
    suitableFor: ['bedroom', 'living room', 'sliding door', 'kitchen', 'office'],
  },
  // --- Outdoor shutters ---
  {
    id: 'outdoor-shutter-aluminium',
    calculatorId: 'outdoor-shutter-aluminium',
    name: 'Outdoor Aluminium Shutter',
    section: 'outdoor_shutters',
    description:
      'Powder-coated aluminium louvre shutters for patios, verandas and balconies that screen sun and wind, add security and stand up to the weather.',
    colourSetKey: 'security_aluminium',
    features: [
      'Weather- and corrosion-resistant powder-coated aluminium',
      'Adjustable louvres for shade, privacy and airflow',
      'Lockable for added security',
      'Sliding, bi-fold or fixed panels',
    ],
    suitableFor: ['patio', 'veranda', 'balcony', 'sliding door'],
  },
  {
    id: 'outdoor-shutter-pvc',
    calculatorId: 'outdoor-shutter-pvc',
    name: 'Outdoor PVC Shutter',
    section: 'outdoor_shutters',
    description:
      'PVC louvre shutters for covered patios and enclosed verandas that resist moisture and never need painting. Best under a roof, as PVC is not as rigid or heat-tolerant as aluminium in full sun.',
    colourSetKey: 'shutters',
    features: [
      'Moisture- and rot-resistant PVC',
      'Adjustable louvres for shade, privacy and airflow',
      'Low maintenance, easy to wipe clean',
      'Best suited to covered areas',
    ],
    suitableFor: ['patio', 'veranda', 'covered balcony'],
  },
  // --- Awnings ---
  {
    id: 'awning-folding-arm',
    calculatorId: 'awning-folding-arm',
    name: 'Folding Arm Awning',
    section: 'outdoor_awnings',
    description:
      'A retractable awning on spring-tensioned folding arms that extends out without front posts to shade a patio or deck, and winds back in when not needed. It should be retracted in strong wind or heavy rain.',
    colourSetKey: 'awning_canvas',
    features: [
      'Retractable, with no front posts',
      'Shade exactly when you want it',
      'Solution-dyed acrylic canvas resists fading',
      'Manual crank or optional motor',
    ],
    suitableFor: ['patio', 'deck', 'balcony', 'braai area', 'pool area'],
  },
  {
    id: 'awning-drop-arm',
    calculatorId: 'awning-drop-arm',
    name: 'Drop Arm Awning',
    section: 'outdoor_awnings',
    description:
      'A canvas awning on pivoting arms that angles out over a window to block direct sun and heat before it reaches the glass, while keeping some view and airflow.',
    colourSetKey: 'awning_canvas',
    features: [
      'Blocks direct sun before it hits the glass',
      'Arms angle out to keep a view below the canvas',
      'Adjustable angle through the day',
      'Fade-resistant acrylic canvas',
    ],
    suitableFor: ['window', 'balcony', 'shopfront'],
  },
  {
    id: 'awning-fixed-canvas',
    calculatorId: 'awning-fixed-canvas',
    name: 'Fixed Canvas Awning',
    section: 'outdoor_awnings',
    description:
      'A fixed-frame canvas awning that gives year-round shade and shelter from light rain over windows, doors and walkways, with nothing to open or close.',
    colourSetKey: 'awning_canvas',
    features: [
      'Permanent shade with no moving parts',
      'Shelter from sun and light rain',
      'Sturdy fixed frame',
      'Fade-resistant acrylic canvas',
    ],
    suitableFor: ['patio', 'entrance', 'walkway', 'window'],
  },
];

// ---------------------------------------------------------------------------
// Sample price grids
// ---------------------------------------------------------------------------

/** Band edges from `start` in `step`s, ending exactly at `max` (a very short last band is merged). */
function bands(start: number, step: number, max: number): number[] {
  const edges: number[] = [];
  for (let edge = start; edge < max; edge += step) edges.push(edge);
  const last = edges.at(-1);
  if (edges.length > 1 && last !== undefined && max - last < step / 2) edges.pop();
  edges.push(max);
  return edges;
}

/**
 * Blinds and awnings: price (rand, incl. VAT) is `fromRand` at the smallest-band anchor size and
 * `toRand` at the maximum size, growing with width (the headrail, tube or frame) and with area
 * (the fabric or slats). `widthWeight` is the share of the growth that follows width alone.
 */
interface CurvePricing {
  kind: 'curve';
  anchorMm: [number, number];
  fromRand: number;
  toRand: number;
  widthWeight: number;
}

/** Shutters: priced by area (rand per m2 incl. VAT) with a minimum charge. */
interface AreaPricing {
  kind: 'area';
  randPerM2: number;
  minimumRand: number;
}

interface GridSpec {
  productId: string;
  widths: [start: number, step: number, max: number];
  drops: [start: number, step: number, max: number];
  pricing: CurvePricing | AreaPricing;
}

const AT_600: [number, number] = [600, 600];

function curve(fromRand: number, toRand: number, widthWeight: number, anchorMm = AT_600): CurvePricing {
  return { kind: 'curve', anchorMm, fromRand, toRand, widthWeight };
}

function area(randPerM2: number, minimumRand: number): AreaPricing {
  return { kind: 'area', randPerM2, minimumRand };
}

const GRID_SPECS: GridSpec[] = [
  { productId: 'roller-blockout', widths: [600, 300, 3000], drops: [600, 300, 3000], pricing: curve(850, 4800, 0.35) },
  { productId: 'roller-sheer', widths: [600, 300, 3000], drops: [600, 300, 3000], pricing: curve(935, 5280, 0.35) },
  { productId: 'venetian-25mm-aluminium', widths: [300, 300, 2500], drops: [300, 300, 3000], pricing: curve(750, 4200, 0.25) },
  { productId: 'venetian-50mm-aluminium', widths: [600, 300, 2500], drops: [600, 300, 3000], pricing: curve(900, 4900, 0.25) },
  { productId: 'venetian-25mm-aluwood', widths: [300, 300, 2500], drops: [300, 300, 3000], pricing: curve(1300, 7000, 0.25) },
  { productId: 'venetian-50mm-aluwood', widths: [600, 300, 2500], drops: [600, 300, 3000], pricing: curve(1450, 7800, 0.25) },
  { productId: 'venetian-50mm-plaswood', widths: [600, 300, 2500], drops: [600, 300, 3000], pricing: curve(1500, 8200, 0.25) },
  { productId: 'venetian-50mm-wood', widths: [600, 300, 2500], drops: [600, 300, 3000], pricing: curve(2100, 11000, 0.25) },
  { productId: 'vertical-blockout', widths: [600, 300, 3000], drops: [600, 300, 3000], pricing: curve(900, 4600, 0.4) },
  { productId: 'honeycomb-blockout', widths: [600, 300, 2400], drops: [600, 300, 3000], pricing: curve(1900, 9500, 0.3) },
  { productId: 'honeycomb-duotone', widths: [600, 300, 2400], drops: [600, 300, 3000], pricing: curve(1700, 8600, 0.3) },
  { productId: 'doubleroller-zebra', widths: [600, 300, 3000], drops: [600, 300, 3000], pricing: curve(1200, 6200, 0.35) },
  { productId: 'outdoor-blinds', widths: [600, 300, 3000], drops: [600, 300, 3000], pricing: curve(2600, 12000, 0.35) },
  { productId: 'shutter-basswood', widths: [600, 300, 2400], drops: [600, 300, 2700], pricing: area(5300, 3200) },
  { productId: 'shutter-pvc', widths: [600, 300, 2400], drops: [600, 300, 2700], pricing: area(4700, 2900) },
  { productId: 'shutter-aluminium-security', widths: [600, 300, 2400], drops: [600, 300, 2700], pricing: area(5900, 3500) },
  { productId: 'outdoor-shutter-aluminium', widths: [600, 300, 2400], drops: [600, 300, 2700], pricing: area(6000, 3600) },
  { productId: 'outdoor-shutter-pvc', widths: [600, 300, 2400], drops: [600, 300, 2700], pricing: area(4900, 3000) },
  // Awnings: the drop axis is the projection (how far the awning reaches out from the wall).
  { productId: 'awning-folding-arm', widths: [1200, 300, 3000], drops: [1000, 250, 3000], pricing: curve(6900, 28000, 0.4, [1200, 1000]) },
  { productId: 'awning-drop-arm', widths: [1200, 300, 3000], drops: [1000, 250, 3000], pricing: curve(6500, 24500, 0.4, [1200, 1000]) },
  { productId: 'awning-fixed-canvas', widths: [1200, 300, 3000], drops: [1000, 250, 3000], pricing: curve(6500, 26000, 0.4, [1200, 1000]) },
];

/** Price in rand (incl. VAT, unrounded) for a band of widthMm x dropMm. */
function priceRand(pricing: CurvePricing | AreaPricing, widthMm: number, dropMm: number, maxW: number, maxD: number): number {
  const w = widthMm / 1000;
  const d = dropMm / 1000;
  if (pricing.kind === 'area') return Math.max(pricing.minimumRand, pricing.randPerM2 * w * d);
  const aw = pricing.anchorMm[0] / 1000;
  const ad = pricing.anchorMm[1] / 1000;
  const mw = maxW / 1000;
  const md = maxD / 1000;
  const share = pricing.widthWeight * ((w - aw) / (mw - aw)) + (1 - pricing.widthWeight) * ((w * d - aw * ad) / (mw * md - aw * ad));
  return pricing.fromRand + (pricing.toRand - pricing.fromRand) * share;
}

function buildGrid(spec: GridSpec): SeedPriceGrid {
  const widthsMm = bands(...spec.widths);
  const dropsMm = bands(...spec.drops);
  // bands() always ends exactly at the maximum.
  const maxW = spec.widths[2];
  const maxD = spec.drops[2];
  const pricesCents = dropsMm.map((drop) =>
    // Whole rand, stored as cents.
    widthsMm.map((width) => Math.round(priceRand(spec.pricing, width, drop, maxW, maxD)) * 100),
  );
  return { productId: spec.productId, widthsMm, dropsMm, pricesCents };
}

export const PRICE_GRIDS: SeedPriceGrid[] = GRID_SPECS.map(buildGrid);
