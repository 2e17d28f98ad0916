// Several windows in one message: '3 windows each 1.2m wide and 1.5m high', 'two at 900x1200 and
// one 1800 by 2100', 'a 1200x1500 and a 900x600'. Each size with its quantity, in whole millimetres.
import { parseSize, type ParsedSize } from './parse-size';

export interface WindowLine extends ParsedSize {
  quantity: number;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  another: 1,
  single: 1,
  two: 2,
  pair: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  een: 1,
  twee: 2,
  drie: 3,
  vier: 4,
  vyf: 5,
  ses: 6,
  sewe: 7,
  agt: 8,
  nege: 9,
  tien: 10,
};

/** The most of one size the calculator takes (web quote MAX_QUANTITY, worker/shared/orders-api.ts). */
const MAX_QUANTITY = 100;

const NUM = String.raw`\d+(?:[.,]\d+)?`;
const UNIT = String.raw`(?:millimet(?:re|er)s?|mm|centimet(?:re|er)s?|cm|met(?:re|er)s?|m)(?![a-wyz])`;
/** One size pair anywhere ('900x1200', '1.8 m by 2.1 m'), for splitting a message into its windows. */
const PAIR_G = new RegExp(String.raw`(?<![\d.,])${NUM}\s*(?:${UNIT})?\s*(?:x|×|\*|by)\s*${NUM}\s*(?:${UNIT})?`, 'gi');
const QUANTITY_WORD = Object.keys(NUMBER_WORDS).join('|');
/** A quantity before a size: '3 windows', 'two at', 'one', '2 x' (with a space: '2x1200' would be a size). */
const QUANTITY_BEFORE = new RegExp(
  String.raw`\b(\d{1,3}|${QUANTITY_WORD})\s*(?:(?:more\s+|other\s+|identical\s+|same\s+|of\s+|[a-z]+\s+)?(?:windows?|blinds?|openings?|doors?|of them|ones?|pieces?|units?|panels?)\b[^\d]*|at\b[^\d]*|@\s*|x\s+[^\d]*|(?:measuring|sized?)\b[^\d]*|\s*)$`,
  'i',
);
/** A quantity anywhere in a message with one size: '3 windows each ...', 'for 4 blinds'. */
const QUANTITY_ANYWHERE = new RegExp(
  String.raw`\b(\d{1,3}|${QUANTITY_WORD})\s+(?:[a-z]+\s+)?(?:windows?|blinds?|openings?|doors?|rollers?|venetians?|shutters?|verticals?|awnings?)\b`,
  'i',
);

function quantityOf(raw: string | undefined): number | null {
  if (!raw) return null;
  const n = /^\d+$/.test(raw) ? Number(raw) : NUMBER_WORDS[raw.toLowerCase()];
  return n !== undefined && Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY ? n : null;
}

/**
 * The windows of a message when it describes more than one blind (two sizes, or one size with a
 * quantity above one); null for a single window or none.
 */
export function parseWindows(text: string): WindowLine[] | null {
  const t = text.replace(/\u00a0/g, ' ');
  const pairs = [...t.matchAll(PAIR_G)];
  const lines: WindowLine[] = [];
  if (pairs.length >= 2) {
    let from = 0;
    for (const pair of pairs) {
      const size = parseSize(pair[0]);
      if (!size) continue;
      const before = t.slice(from, pair.index);
      // Only the words since the last separator belong to this size ('two at 900x1200 and one ...').
      const clause = before.split(/\b(?:and|plus|also|then|&)\b|[,;+]/i).pop() ?? before;
      const q = QUANTITY_BEFORE.exec(clause.trimEnd() + ' ');
      lines.push({ ...size, quantity: quantityOf(q?.[1]) ?? 1 });
      from = pair.index + pair[0].length;
    }
  } else {
    const size = parseSize(t);
    if (!size) return null;
    const at = pairs[0]?.index ?? t.length;
    const before = pairs[0] ? QUANTITY_BEFORE.exec(t.slice(0, at).split(/[,;]/).pop()! + ' ') : null;
    const quantity = quantityOf(QUANTITY_ANYWHERE.exec(t)?.[1]) ?? quantityOf(before?.[1]) ?? 1;
    lines.push({ ...size, quantity });
  }
  const total = lines.reduce((n, l) => n + l.quantity, 0);
  return lines.length >= 2 || total >= 2 ? lines : null;
}

/** 'make it 3 of those', '3 of them please': a quantity for the size already under discussion. */
const MORE_OF_THE_SAME = new RegExp(
  String.raw`\b(?:make it|i need|we need|for)?\s*\b(\d{1,3}|${QUANTITY_WORD})\s+(?:of (?:those|them|these|that)|the same|identical)\b|\bmake it (\d{1,3}|${QUANTITY_WORD})\b`,
  'i',
);

export function quantityForSameSize(text: string): number | null {
  const m = MORE_OF_THE_SAME.exec(text);
  const n = quantityOf(m?.[1] ?? m?.[2]);
  return n !== null && n >= 2 ? n : null;
}
