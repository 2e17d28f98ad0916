// Which catalogue product a chat message is about: full names and ids first, then the words
// customers use. Only ids of the catalogue passed in (the products in D1) are ever returned.
import type { CatalogueProduct } from '../product-catalog';

type NamedProduct = Pick<CatalogueProduct, 'id' | 'name' | 'calculatorId'>;

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[_\-–—/()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

interface MatchIndex {
  ids: Set<string>;
  /** Names and ids, longest first, so 'Venetian Blind - 50mm Aluwood' wins over shorter overlaps. */
  exactKeys: { key: string; id: string }[];
}

/** One index per catalogue list: the list is replaced (not mutated) when the catalogue reloads. */
const indexes = new WeakMap<readonly NamedProduct[], MatchIndex>();

function indexOf(products: readonly NamedProduct[]): MatchIndex {
  let index = indexes.get(products);
  if (!index) {
    index = {
      ids: new Set(products.map((p) => p.id)),
      exactKeys: products
        .flatMap((p) => [p.name, p.id, p.calculatorId].filter((k): k is string => Boolean(k)).map((k) => ({ key: normalise(k), id: p.id })))
        .sort((a, b) => b.key.length - a.key.length),
    };
    indexes.set(products, index);
  }
  return index;
}

function byWords(t: string): string | null {
  const has = (re: RegExp) => re.test(t);
  if (has(/\bawnings?\b/)) {
    if (has(/\bdrop ?arm\b/)) return 'awning-drop-arm';
    if (has(/\bfixed\b/)) return 'awning-fixed-canvas';
    return 'awning-folding-arm';
  }
  if (has(/\bshutters?\b|\bplantation\b/)) {
    if (has(/\b(outdoor|outside|patio|veranda|verandah|stoep|balcony)\b/)) {
      return has(/\bpvc\b|\bplastic\b/) ? 'outdoor-shutter-pvc' : 'outdoor-shutter-aluminium';
    }
    if (has(/\bsecurity\b|\bburglar\b|\balumin(i)?um\b|\blockable\b/)) return 'shutter-aluminium-security';
    if (has(/\bpvc\b|\bplastic\b|\bwaterproof\b/)) return 'shutter-pvc';
    return 'shutter-basswood';
  }
  if (has(/\bzebra\b|\bday ?(and|&|n|'n') ?night\b|\b(double|dual|duo) rollers?\b/)) return 'doubleroller-zebra';
  if (has(/\bhoneycomb\b|\bcellular\b|\bcell blinds?\b|\bduo ?tone\b/)) {
    return has(/\bduo ?tone\b|\blight filtering\b/) ? 'honeycomb-duotone' : 'honeycomb-blockout';
  }
  if (has(/\bverticals?\b/)) return 'vertical-blockout';
  if (has(/\boutdoor\b|\b(patio|veranda|verandah|stoep|cafe|café) blinds?\b/)) return 'outdoor-blinds';
  if (has(/\balu ?wood\b/)) return has(/\b25 ?mm\b/) ? 'venetian-25mm-aluwood' : 'venetian-50mm-aluwood';
  if (has(/\bplas ?wood\b|\bfaux ?wood\b|\bpvc venetians?\b/)) return 'venetian-50mm-plaswood';
  if (has(/\bwood(en)?\b|\btimber\b|\bbasswood\b/)) return 'venetian-50mm-wood';
  if (has(/\b25 ?mm\b/)) return 'venetian-25mm-aluminium';
  if (has(/\b50 ?mm\b|\bvenetians?\b|\balumin(i)?um\b/)) return 'venetian-50mm-aluminium';
  if (has(/\bsheers?\b/)) return 'roller-sheer';
  if (has(/\brollers?\b|\bblock ?out\b|\bblackout\b/)) return 'roller-blockout';
  return null;
}

/** The best product id of `products` for a message, or null when it names none. */
export function matchProduct(message: string, products: readonly NamedProduct[]): string | null {
  const t = normalise(message);
  if (!t) return null;
  const { ids, exactKeys } = indexOf(products);
  for (const { key, id } of exactKeys) {
    if (t.includes(key)) return id;
  }
  const id = byWords(t);
  return id && ids.has(id) ? id : null;
}
