// The consultant evaluation set's shape: each case is what a customer writes (after any earlier
// messages of the same chat) and what a right answer must and must not contain. The facts that
// follow the data (prices, colours, product names) are read from D1 through the helpers, so the set
// follows the price grids and colour ranges instead of copying them.
import type { PaymentOffer } from '../../../worker/shared/shop-policies';

export const TOPICS = [
  'pricing',
  'several windows',
  'colour availability',
  'colours',
  'product options',
  'recommendations',
  'greetings with a need',
  'payment',
  'delivery and installation',
  'guarantee and returns',
  'damage and complaints',
  'a person',
  'measuring',
  'site visits and area',
  'order status',
  'names and numbers',
  'consent',
  'context',
  'afrikaans',
  'limits',
  'product knowledge',
  'small talk',
] as const;
export type Topic = (typeof TOPICS)[number];

export interface EvalHelpers {
  /** The product's name in D1. */
  nameOf(id: string): string;
  /** The pricing engine's price for a size, formatted as the consultant shows it (R 1 234,00). */
  priceOf(id: string, widthMm: number, dropMm: number): Promise<string>;
  /** The total of several lines [width, drop, quantity], formatted. */
  totalOf(id: string, lines: [number, number, number][]): Promise<string>;
  /** The colour names of a product in D1. */
  colourNames(id: string): Promise<string[]>;
  /** The lead row the answer's memory points at (null when none was stored). */
  lead(leadId: string | undefined): Promise<Record<string, unknown> | null>;
}

/** A fact the answer must contain (case-insensitive): text, a pattern, or read from D1. */
export type Fact = string | RegExp | ((h: EvalHelpers) => Promise<string | string[]> | string | string[]);

export interface EvalAnswer {
  response: string;
  features: string[];
  memory: { leadId?: string };
}

export interface EvalCase {
  topic: Topic;
  /** Earlier messages of the same chat, answered first so the history and memory are real. */
  before?: string[];
  say: string;
  must: Fact[];
  mustNot?: (string | RegExp)[];
  features?: string[];
  /** The row of the issue's table of failed messages this case reproduces (1-6). */
  issueRow?: number;
  /** The ways to pay configured for this case (default: card and bank transfer). */
  payment?: PaymentOffer;
  /** A check after the turn (D1 state): a failure message, or null when right. */
  check?: (answer: EvalAnswer, h: EvalHelpers) => Promise<string | null>;
}

/** The test's business contact numbers (the hand-off names them). */
export const EVAL_CONTACT = {
  phoneGardenRoute: '+27 44 000 0000',
  phoneNational: '+27 21 000 0000',
  whatsappNational: '+27 82 000 0001',
  email: 'info@example.co.za',
  businessName: 'Custom Blinds',
  assistantName: 'Melvin',
};
export const WHATSAPP_LINK = 'https://wa.me/27820000001';

/** Product name, price, size and VAT: a single priced blind. */
export const priced = (id: string, w: number, d: number): Fact[] => [
  (h) => h.nameOf(id),
  (h) => h.priceOf(id, w, d),
  `${w} x ${d} mm`,
  'VAT',
];
