// Placeholder until the e-mail work lands: order confirmation e-mails (customer and business).
import type { Env } from '../../env';
import type { OrderDto } from '../../shared/orders-api';

export async function afterOrderPlaced(_env: Env, _order: OrderDto, _origin: string): Promise<void> {}
