// A quote from the chat that opens in the calculator with its sizes filled in:
// /quote-calculator?blinds=roller-blockout:1200x1500:3,roller-blockout:900x1200:1
// Built by the consultant, read (and validated) by the calculator page. Prices are never in the
// link: the calculator asks the server for each line's price, as for a size typed by hand.
import { z } from 'zod';

export const CHAT_QUOTE_PARAM = 'blinds';
/** The calculator's page (spec section 2). */
export const CHAT_QUOTE_PAGE = '/quote-calculator';
/** At most this many different sizes in one link (a house's windows; the rest can be added by hand). */
export const MAX_CHAT_QUOTE_LINES = 20;

export interface ChatQuoteLine {
  /** The calculator's product id (CALCULATOR_PRODUCTS value), e.g. 'roller-blockout'. */
  product: string;
  widthMm: number;
  dropMm: number;
  quantity: number;
}

export function chatQuotePath(lines: readonly ChatQuoteLine[]): string {
  const value = lines
    .slice(0, MAX_CHAT_QUOTE_LINES)
    .map((l) => `${l.product}:${l.widthMm}x${l.dropMm}:${l.quantity}`)
    .join(',');
  return `${CHAT_QUOTE_PAGE}?${CHAT_QUOTE_PARAM}=${value}`;
}

const lineSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,60}:\d{1,6}x\d{1,6}:\d{1,3}$/)
  .transform((raw): ChatQuoteLine => {
    const [product, size, quantity] = raw.split(':') as [string, string, string];
    const [w, d] = size.split('x') as [string, string];
    return { product, widthMm: Number(w), dropMm: Number(d), quantity: Number(quantity) };
  })
  .refine((l) => l.widthMm >= 1 && l.widthMm <= 100_000 && l.dropMm >= 1 && l.dropMm <= 100_000 && l.quantity >= 1 && l.quantity <= 100);

const paramSchema = z
  .string()
  .max(2000)
  .transform((v) => v.split(','))
  .pipe(z.array(lineSchema).min(1).max(MAX_CHAT_QUOTE_LINES));

/** The lines of a `blinds` parameter, or null when it is missing or anything in it is malformed. */
export function parseChatQuote(param: string | null): ChatQuoteLine[] | null {
  if (!param) return null;
  const parsed = paramSchema.safeParse(param);
  return parsed.success ? parsed.data : null;
}
