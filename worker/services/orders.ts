// Orders (issue 5): the server prices every line; orders and lines are written in one D1 batch.
// Placeholder signatures: implemented by the orders work.
import type { Env } from '../env';
import type { OrderDto } from '../shared/orders-api';

/** An order as the confirmation page and the payment providers read it; null when unknown. */
export async function findOrder(_db: D1Database, _reference: string): Promise<OrderDto | null> {
  throw new Error('not implemented yet');
}

export interface QuoteCustomer {
  name: string;
  email: string;
  phone?: string | null;
}

/**
 * The order made from a stored quote (its server-priced lines) for /quote and /complete-quote:
 * made once per quote; a second call answers the same order. Throws AppError('not_found') for an
 * unknown quote or a wrong key, AppError('validation_error') for missing name or e-mail.
 */
export async function orderFromQuote(_env: Env, _quoteId: string, _accessKey: string, _customer: QuoteCustomer): Promise<OrderDto> {
  throw new Error('not implemented yet');
}
