// The consultant's shared types: its memory of a conversation, the business's contact channels, what it
// needs to answer, and the features an answer used (the built-in consultant, Claude and the chat session).
import type { LeadSink } from '../leads';

export interface ConsultantMemory {
  productId?: string;
  widthMm?: number;
  dropMm?: number;
  leadId?: string;
  name?: string;
  email?: string;
  phone?: string;
}

export interface ConsultantContact {
  phoneGardenRoute: string;
  phoneNational: string;
  whatsappNational: string;
  email: string;
  businessName: string;
  assistantName: string;
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
  | 'order-tracking';
