// Helpers of the stored-quote tests (quotes-email.test.ts, quotes-stored.test.ts): a client address per
// call, a quote's body at server prices, and the outbox rows its e-mails leave.
import { env } from 'cloudflare:test';
import { coloursForProduct } from '../../worker/services/catalog';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';

let ipCounter = 0;
/** The quote e-mail is rate limited per client: each call comes from its own address. */
export const ip = () => ({ 'CF-Connecting-IP': `198.51.100.${(ipCounter++ % 250) + 1}` });

export const BUSINESS_EMAIL = 'info@example.co.za'; // the vitest bindings (vitest.worker.config.ts)

/** en-ZA rand as the e-mails write it: 'R 1 624,00' with no-break spaces. */
export function rand(cents: number): string {
  return `R\u00a0${String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${String(cents % 100).padStart(2, '0')}`;
}

export async function firstColour(product: string): Promise<string> {
  return (await coloursForProduct(env.DB, product)).colours[0]!.name;
}

export async function serverPriceCents(product: string, width: number, drop: number): Promise<number> {
  const price = priceForSize((await gridForProduct(env.DB, product))!, width, drop);
  if (!price.ok) throw new Error(price.message);
  return price.priceCents;
}

/** A quote number of this test's own, so tests never collide with each other by accident. */
export function freshQuoteId(): string {
  return `CB-${String(100_000 + Math.floor(Math.random() * 800_000)).padStart(6, '0')}`;
}

export async function blinds() {
  return [
    {
      product_type: 'roller-blockout',
      product_name: 'Roller Blind - Blockout',
      width_mm: 1200,
      drop_mm: 1500,
      control_side: 'left',
      mount_type: 'inside-recess',
      colour: await firstColour('roller-blockout'),
      quantity: 2,
      price: 1,
      total_price: 2,
    },
    {
      product_type: 'verticals-blockout',
      product_name: 'Vertical',
      width_mm: 2000,
      drop_mm: 2100,
      control_side: 'right',
      mount_type: 'outside-facefix',
      colour: await firstColour('verticals-blockout'),
      quantity: 1,
      price: 1,
      total_price: 1,
    },
  ];
}

export async function expectedTotalCents(): Promise<number> {
  return (await serverPriceCents('roller-blockout', 1200, 1500)) * 2 + (await serverPriceCents('vertical-blockout', 2000, 2100));
}

let recipientCounter = 0;
export async function emailQuoteBody(overrides: Record<string, unknown> = {}) {
  return {
    // One address may get ten quote e-mails a day: each test's quote goes to its own address.
    recipient_email: `lerato.${++recipientCounter}@example.co.za`,
    recipient_name: 'Lerato Dube',
    recipient_mobile: '082 555 0199',
    quote_id: freshQuoteId(),
    quote_date: '2026-11-22',
    blinds: await blinds(),
    total_amount: 3,
    total_quantity: 3,
    send_copy_to_business: true,
    ...overrides,
  };
}

export interface OutboxRow {
  id: number;
  dedupe_key: string;
  kind: string;
  to_address: string;
  to_name: string | null;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  status: string;
}

export async function outboxRows(prefix: string): Promise<OutboxRow[]> {
  return (await env.DB.prepare('SELECT * FROM email_outbox WHERE dedupe_key LIKE ? ORDER BY id').bind(`${prefix}%`).all<OutboxRow>())
    .results;
}

/** Sending runs in waitUntil after the answer: wait until these messages have left 'pending'/'sending'. */
export async function settled(prefix: string, count: number): Promise<OutboxRow[]> {
  for (let i = 0; i < 100; i++) {
    const rows = await outboxRows(prefix);
    if (rows.length === count && rows.every((r) => r.status === 'sent' || r.status === 'failed')) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  return outboxRows(prefix);
}

export async function quoteRow(id: string) {
  return env.DB.prepare('SELECT * FROM quotes WHERE id = ?').bind(id).first<Record<string, any>>();
}
