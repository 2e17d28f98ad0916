// Bank transfer (DESIGN.md 7b 'Payment methods come from configuration'): the shop's account, read
// from BANK_* configuration. With no card gateway (PAYMENT_PROVIDER=none) it is how a customer pays:
// the order reference is the payment reference, and staff match the transfer to the order.
import type { Env } from '../../env';
import type { BankTransferDetails } from '../../shared/public-config';

/** The configuration keys of the shop's bank account, in the order customers read them. */
export const BANK_DETAIL_KEYS = ['BANK_ACCOUNT_NAME', 'BANK_NAME', 'BANK_ACCOUNT_NUMBER', 'BANK_BRANCH_CODE', 'BANK_ACCOUNT_TYPE'] as const;

/** The account customers pay into, or null unless every detail is set (half an account is no way to pay). */
export function bankTransferDetails(env: Env): BankTransferDetails | null {
  const [accountName, bankName, accountNumber, branchCode, accountType] = BANK_DETAIL_KEYS.map((key) => env[key]?.trim() ?? '');
  if (!accountName || !bankName || !accountNumber || !branchCode || !accountType) return null;
  return { accountName, bankName, accountNumber, branchCode, accountType };
}

/** The details as label/value rows, the order reference last as the payment reference. */
export function bankTransferRows(bank: BankTransferDetails, reference: string): [string, string][] {
  return [
    ['Account name', bank.accountName],
    ['Bank', bank.bankName],
    ['Account number', bank.accountNumber],
    ['Branch code', bank.branchCode],
    ['Account type', bank.accountType],
    ['Payment reference', reference],
  ];
}
