// A South African VAT registration number: 10 digits starting with 4 (SARS issues them so). The
// business's own (VAT_NUMBER, checked again by scripts/deploy-check.mjs) and a customer's, given at
// checkout for their tax invoice, are both checked against it. Spaces and dashes people type are dropped.
import { z } from 'zod';

export const VAT_NUMBER_PATTERN = /^4\d{9}$/;

export const VAT_NUMBER_MESSAGE = 'must be a South African VAT number: 10 digits starting with 4';

/** '4123 456 789' -> '4123456789'; null when it is not a VAT number. */
export function normalVatNumber(value: string | null | undefined): string | null {
  const compact = (value ?? '').replace(/[\s-]/g, '');
  return VAT_NUMBER_PATTERN.test(compact) ? compact : null;
}

/** Optional at checkout: blank is none; anything else must be a VAT number. */
export const customerVatNumberSchema = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').replace(/[\s-]/g, ''))
  .refine((v) => v === '' || VAT_NUMBER_PATTERN.test(v), VAT_NUMBER_MESSAGE)
  .transform((v) => v || null);
