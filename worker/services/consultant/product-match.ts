// Which catalogue product a chat message is about: full names and ids first, then the words
// customers use. Only ids from the seeded PRODUCTS list are ever returned.
import { PRODUCTS } from '../../seed/catalogue-data';

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[_\-–—/()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const PRODUCT_IDS = new Set(PRODUCTS.map((p) => p.id));

/** Names and ids, longest first, so 'Venetian Blind - 50mm Aluwood' wins over shorter overlaps. */
const EXACT_KEYS: { key: string; id: string }[] = PRODUCTS.flatMap((p) =>
  [p.name, p.id, p.calculatorId].filter((k): k is string => Boolean(k)).map((k) => ({ key: normalise(k), id: p.id })),
).sort((a, b) => b.key.length - a.key.length);

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

/** The best product id for a message, or null when it names none. */
export function matchProduct(message: string): string | null {
  const t = normalise(message);
  if (!t) return null;
  for (const { key, id } of EXACT_KEYS) {
    if (t.includes(key)) return id;
  }
  const id = byWords(t);
  return id && PRODUCT_IDS.has(id) ? id : null;
}

export function productById(id: string) {
  return PRODUCTS.find((p) => p.id === id) ?? null;
}
