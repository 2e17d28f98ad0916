// The sandbox's instant EFT page (/pay/sandbox/{checkoutId} of a session made for instant_eft): the
// offline stand-in for Ozow while PAYMENT_PROVIDER names the sandbox and no ozow (the local default).
// The customer chooses what the test bank does, as Ozow's outcomes are: the payment completes, the
// customer cancels, or the bank reports an error. The outcome goes through the sandbox's signed
// notification (sandbox.ts), verified and recorded like every gateway's; the order then says
// 'Test payment: no money was taken' as a sandbox card payment does.
import type { Env } from '../../env';
import { html, type SafeHtml } from '../../lib/html';
import { formatRandFromCents } from '../../shared/money';
import { formatSouthAfricanTime } from '../../shared/sa-time';
import {
  confirmSandboxOutcome,
  isExpired,
  loadSandboxSession,
  resultUrl,
  SANDBOX_SESSION_MINUTES,
  type SandboxSession,
  type SandboxStatus,
  type SandboxSubmitResult,
} from './sandbox';
import { layout } from './sandbox-page';

/** What the customer may ask of the test bank, and the outcome each records (Ozow: Complete, Cancelled, Error). */
export const SANDBOX_EFT_ACTIONS = { pay: 'succeeded', cancel: 'cancelled', fail: 'failed' } as const satisfies Record<
  string,
  Exclude<SandboxStatus, 'open'>
>;
export type SandboxEftAction = keyof typeof SANDBOX_EFT_ACTIONS;

export function isSandboxEft(session: SandboxSession): boolean {
  return session.method === 'instant_eft';
}

/** The customer pressed one of the page's buttons: the outcome is confirmed like a gateway's notification. */
export async function submitSandboxEft(env: Env, id: string, action: SandboxEftAction, now = new Date()): Promise<SandboxSubmitResult> {
  const session = await loadSandboxSession(env, id);
  if (!session || !isSandboxEft(session)) return { kind: 'not_found' };
  // A repeated submit (double click, back button) lands where the first one did.
  if (session.status !== 'open') return { kind: 'redirect', url: resultUrl(session, session.status) };
  if (isExpired(session, now)) return { kind: 'expired', session };
  return confirmSandboxOutcome(env, session, SANDBOX_EFT_ACTIONS[action], now);
}

/** The instant EFT test page: merchant, order reference, amount, and the three outcomes as buttons. */
export function sandboxEftPage(session: SandboxSession): SafeHtml {
  const amount = formatRandFromCents(session.amountCents);
  return layout(
    `Pay ${amount} to ${session.merchantName} by instant EFT (test)`,
    html`<header class="sbx-header">
        <p class="sbx-merchant">${session.merchantName}</p>
        <h1>Pay ${amount} by instant EFT</h1>
        <dl class="sbx-summary">
          <div><dt>Order reference</dt><dd>${session.reference}</dd></div>
          <div><dt>Amount</dt><dd>${amount}</dd></div>
        </dl>
      </header>
      <p>This is a test bank page standing in for Ozow: no bank is contacted and no money is taken. Choose what the bank does.</p>
      <form class="sbx-form" method="post" action="/pay/sandbox/${session.id}">
        <div class="sbx-actions">
          <button type="submit" name="action" value="pay" class="sbx-pay">Approve the payment of ${amount}</button>
          <button type="submit" name="action" value="fail" class="sbx-cancel">The bank reports an error</button>
          <button type="submit" name="action" value="cancel" class="sbx-cancel">Cancel</button>
        </div>
      </form>
      <p class="sbx-expiry">This checkout is open for ${SANDBOX_SESSION_MINUTES} minutes, until ${formatSouthAfricanTime(Date.parse(session.expiresAt))} (South African time).</p>`,
  );
}
