// Ozow instant EFT (PAYMENT_PROVIDER names 'ozow'): a payment request created through Ozow's API
// (POST {OZOW_API_BASE}/PostPaymentRequest with the ApiKey header and the request's HashCheck),
// whose answer is the URL of Ozow's hosted bank-selection page. The order is paid only by Ozow's
// notification (ozow-notify.ts), verified by its Hash, or by Ozow's transaction status API asked
// from the cron; never by the customer's redirect back to the site.
//
// Where each rule comes from (Ozow's developer hub, hub.ozow.com/docs):
// - 'Step 1: Post from merchant website' (step-post-from-merchant-website): the post variables
//   table, numbered 1 SiteCode, 2 CountryCode, 3 CurrencyCode, 4 Amount, 5 TransactionReference,
//   6 BankReference, 7-11 Optional1-5, 12 Customer, 13 CancelUrl, 14 ErrorUrl, 15 SuccessUrl,
//   16 NotifyUrl, 17 IsTest; and 'Generate post hash check': concatenate the post variables
//   (excluding HashCheck) in the order they appear in that table, append the private key, convert
//   to lowercase, SHA512. Its worked example (site TSTSTE0001, R 25.00, ...) is the test vector in
//   tests/worker/ozow-hash.test.ts. 'Generate payment URL using API' on the same page: the
//   PostPaymentRequest call and its PaymentRequestResult {paymentRequestId, url, errorMessage}.
// - 'Step 2: Process Ozow Response' and 'Step 6: Outcome' (outcome): the notification's response
//   variables in order (SiteCode, TransactionId, TransactionReference, Amount, Status,
//   Optional1-5, CurrencyCode, IsTest, StatusMessage, then Hash) and the response hash check
//   (the same rule over them); the statuses Complete, Cancelled, Error, Abandoned,
//   PendingInvestigation and Pending.
// - 'Step 3: Check transaction status using API' (step-3-check-transaction-status-using-api):
//   GET {base}/GetTransactionByReference?siteCode=&transactionReference=[&isTest=true] with the
//   ApiKey header, answering the transactions of that reference.
import type { Env } from '../../env';
import { randomId, sha512Hex } from '../../lib/crypto';
import { randAmount } from './payfast';
import {
  paymentLog,
  PaymentSetupError,
  PaymentUpstreamError,
  type CheckoutOrder,
  type CheckoutSession,
  type CheckoutUrls,
  type PaymentProvider,
} from './types';
import { z } from 'zod';

export const DEFAULT_OZOW_API_BASE = 'https://api.ozow.com';
export const OZOW_TIMEOUT_MS = 15_000;
/** Ozow takes South African banks and rand only (post variables 2 and 3). */
export const OZOW_COUNTRY = 'ZA';
export const OZOW_CURRENCY = 'ZAR';

/** The post variables that enter HashCheck, in the order of Ozow's post variables table (1-17). */
export const OZOW_REQUEST_HASH_ORDER = [
  'SiteCode',
  'CountryCode',
  'CurrencyCode',
  'Amount',
  'TransactionReference',
  'BankReference',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'Customer',
  'CancelUrl',
  'ErrorUrl',
  'SuccessUrl',
  'NotifyUrl',
  'IsTest',
] as const;

/** The notification's response variables that enter its Hash, in the order of Ozow's response variables table. */
export const OZOW_RESPONSE_HASH_ORDER = [
  'SiteCode',
  'TransactionId',
  'TransactionReference',
  'Amount',
  'Status',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'CurrencyCode',
  'IsTest',
  'StatusMessage',
] as const;

export interface OzowConfig {
  siteCode: string;
  privateKey: string;
  apiKey: string;
  /** Ozow's IsTest: test requests skip the online banking payment (and must never pay an order on a live site). */
  isTest: boolean;
  apiBase: string;
}

export function ozowConfig(env: Env): OzowConfig | { missing: string[] } {
  const siteCode = env.OZOW_SITE_CODE?.trim();
  const privateKey = env.OZOW_PRIVATE_KEY?.trim();
  const apiKey = env.OZOW_API_KEY?.trim();
  if (!siteCode || !privateKey || !apiKey) {
    return {
      missing: [!siteCode && 'OZOW_SITE_CODE', !privateKey && 'OZOW_PRIVATE_KEY', !apiKey && 'OZOW_API_KEY'].filter((m): m is string =>
        Boolean(m),
      ),
    };
  }
  return {
    siteCode,
    privateKey,
    apiKey,
    isTest: env.OZOW_IS_TEST?.trim().toLowerCase() === 'true',
    apiBase: (env.OZOW_API_BASE?.trim() || DEFAULT_OZOW_API_BASE).replace(/\/+$/, ''),
  };
}

export type OzowField = [name: string, value: string];

/**
 * Ozow's hash: the values of the given fields, in the given documented order (a field not sent is
 * left out), the private key appended, lower-cased, SHA-512 as lowercase hex.
 */
export async function ozowHash(
  order: readonly string[],
  values: Readonly<Record<string, string | undefined>>,
  privateKey: string,
): Promise<string> {
  const joined = order.map((name) => values[name] ?? '').join('');
  return sha512Hex(`${joined}${privateKey}`.toLowerCase());
}

/** Ozow's booleans as they are hashed and posted. */
export function ozowBool(value: boolean): string {
  return value ? 'true' : 'false';
}

/** The payment request's fields (names as in the post variables table), for HashCheck and the API body. */
export function ozowRequestFields(
  config: OzowConfig,
  order: CheckoutOrder,
  urls: CheckoutUrls,
  checkoutId: string,
): Record<string, string> {
  return {
    SiteCode: config.siteCode,
    CountryCode: OZOW_COUNTRY,
    CurrencyCode: OZOW_CURRENCY,
    Amount: randAmount(order.totalCents),
    // The checkout, so the notification and the status API name the very checkout we started.
    TransactionReference: checkoutId,
    // What the customer's bank statement shows: the order reference ('CB-' + 10 letters and digits,
    // within Ozow's 20 characters of letters, digits, spaces and dashes).
    BankReference: order.reference,
    CancelUrl: urls.cancel,
    ErrorUrl: urls.failure,
    SuccessUrl: urls.success,
    NotifyUrl: `${urls.origin}/api/payment/ozow/notify`,
    IsTest: ozowBool(config.isTest),
  };
}

const paymentRequestResultSchema = z.object({
  paymentRequestId: z.string().nullish(),
  url: z.string().nullish(),
  errorMessage: z.string().nullish(),
});

/** JSON keys of PostPaymentRequest are the post variables' names with a lower-case first letter. */
function camel(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

export function ozowProvider(config: OzowConfig): PaymentProvider {
  return {
    name: 'ozow',
    async createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CheckoutSession> {
      const checkoutId = randomId('oz_chk_');
      const fields = ozowRequestFields(config, order, urls, checkoutId);
      const hashCheck = await ozowHash(OZOW_REQUEST_HASH_ORDER, fields, config.privateKey);
      const body: Record<string, unknown> = Object.fromEntries(Object.entries(fields).map(([name, value]) => [camel(name), value]));
      body.isTest = config.isTest;
      body.hashCheck = hashCheck;
      let res: Response;
      try {
        res = await fetch(`${config.apiBase}/PostPaymentRequest`, {
          method: 'POST',
          headers: { ApiKey: config.apiKey, Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(OZOW_TIMEOUT_MS),
        });
      } catch (err) {
        throw new PaymentUpstreamError(err instanceof Error && err.name === 'TimeoutError' ? 'ozow timeout' : 'ozow unreachable', {
          cause: err,
        });
      }
      if (res.status === 401 || res.status === 403) {
        throw new PaymentSetupError(`Ozow refused the API key (OZOW_API_KEY, http ${res.status}): check it in the Ozow merchant admin`);
      }
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 300);
        throw new PaymentUpstreamError(`ozow http ${res.status}${detail ? `: ${detail}` : ''}`);
      }
      const parsed = paymentRequestResultSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new PaymentUpstreamError('ozow answered without a payment request result');
      const { url, errorMessage, paymentRequestId } = parsed.data;
      if (errorMessage) {
        // A refused hash or site code is the shop's set-up, not the customer's doing.
        if (/hash|site/i.test(errorMessage)) throw new PaymentSetupError(`Ozow refused the payment request: ${errorMessage}`);
        throw new PaymentUpstreamError(`ozow: ${errorMessage}`);
      }
      if (!url || !/^https?:\/\//.test(url)) throw new PaymentUpstreamError('ozow answered without a payment URL');
      paymentLog('info', 'ozow payment request created', {
        reference: order.reference,
        checkoutId,
        paymentRequestId: paymentRequestId ?? null,
      });
      return { checkoutId, url };
    },
  };
}
