// The bank-transfer instructions of the order confirmation e-mail (DESIGN.md 7b): the shop's account
// from configuration and the order reference as the payment reference, so staff can match the money.
import type { Env } from '../../env';
import { bankTransferDetails, bankTransferRows } from '../payments/bank-transfer';
import { factsHtml, factsText, rand } from './email-parts';
import { html, type SafeHtml } from '../../lib/html';

/** What the block needs of an order. */
export interface BankTransferOrder {
  reference: string;
  total_cents: number;
}

/** The heading, the sentence and the account as rows (HTML and plain text); null without bank details. */
export function bankTransferEmailBlock(env: Env, order: BankTransferOrder): { html: SafeHtml; text: string } | null {
  const bank = bankTransferDetails(env);
  if (!bank) return null;
  const rows = bankTransferRows(bank, order.reference);
  const sentence = `Pay ${rand(order.total_cents)} by bank transfer (EFT) into the account below. Use your order reference ${order.reference} as the payment reference, so we can match your payment to your order.`;
  return {
    html: html`<h2 style="font-size:16px;margin:16px 0 8px;">How to pay by bank transfer</h2>
<p style="font-size:14px;margin:0 0 8px;">${sentence}</p>
${factsHtml(rows)}`,
    text: ['How to pay by bank transfer', sentence, factsText(rows)].join('\n'),
  };
}
