// The consultant's shared types: its memory of a conversation, the business's contact channels, what it
// needs to answer, and the features an answer used (the built-in consultant, Claude and the chat session).
import type { LeadSink } from '../leads';
import type { PaymentOffer } from '../../shared/shop-policies';

export interface ConsultantMemory {
  productId?: string;
  widthMm?: number;
  dropMm?: number;
  leadId?: string;
  name?: string;
  email?: string;
  phone?: string;
  /** User turns since the product was last named: it carries over only while the customer still talks about it. */
  productAge?: number;
  /** Melvin asked to keep the customer's details and waits for a yes or no (POPIA consent). */
  consentAsked?: boolean;
  /** The customer said no: nothing is kept, and Melvin does not ask again unless they offer details again. */
  consentRefused?: boolean;
  /** Why this chat must go to a person (complaint, damage, or a question Melvin could not answer). */
  needsPerson?: PersonReason;
  /** Several windows from one message, priced once the customer names the blind. */
  windows?: { widthMm: number; dropMm: number; quantity: number }[];
  /** Turns in a row Melvin did not understand: after one clarifying question, a person takes over. */
  unclearTurns?: number;
}

export type PersonReason = 'complaint' | 'damage' | 'unanswered';

export interface ConsultantContact {
  phoneGardenRoute: string;
  phoneNational: string;
  whatsappNational: string;
  email: string;
  businessName: string;
  assistantName: string;
  /** The ways to pay the site offers (shop-policies.ts); unknown means none is named. */
  payment?: PaymentOffer;
}

export interface ConsultantDeps {
  db: D1Database;
  contact: ConsultantContact;
  /** Where a captured lead goes; without it (unit tests) the lead is stored with no notice. */
  leads?: LeadSink;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface BuiltInInput {
  message: string;
  history: ChatTurn[];
  memory: ConsultantMemory;
  deps: ConsultantDeps;
}

export interface BuiltInAnswer {
  response: string;
  features: ConsultantFeature[];
  memory: ConsultantMemory;
}

export type ConsultantFeature =
  | 'pricing'
  | 'product-knowledge'
  | 'colours'
  | 'measuring-guide'
  | 'business-info'
  | 'lead-capture'
  | 'human-handoff'
  | 'recommendation'
  | 'order-tracking'
  | 'consent-request'
  | 'multi-window-quote';
