// Remakes staff record against an order line (the fit guarantee's claims, and remakes it does not
// cover): the request, the record as staff see it, and the dashboard's guarantee figures. Whether a
// remake is covered is computed by the server from the line (shared/fit-guarantee.ts), never sent.
import { z } from 'zod';
import { requiredText } from './schemas';

/** POST /api/admin/orders/{reference}/lines/{lineNo}/remakes */
export const remakeClaimSchema = z
  .object({
    reason: requiredText(500),
    /** What the remake costs the shop, in rand (e.g. 850.00), incl. VAT; 0 when it cost nothing. */
    cost: z.coerce.number({ error: 'must be an amount in rand' }).min(0, 'must be R0 or more').max(1_000_000, 'must be at most R1000000'),
  })
  .strict()
  .transform(({ cost, ...rest }) => ({ ...rest, costCents: Math.round(cost * 100) }));
export type RemakeClaimRequest = z.input<typeof remakeClaimSchema>;

/** A remake on the staff order page. */
export interface AdminOrderRemake {
  id: number;
  lineNo: number;
  reason: string;
  /** The line was covered by the fit guarantee when the remake was claimed. */
  covered: boolean;
  costCents: number;
  actor: string;
  createdAt: string;
}

/** The dashboard's fit-guarantee figures over its period (from D1). */
export interface FitGuaranteeFigures {
  /** Order lines whose size staff confirmed from the photo in the period. */
  linesCovered: number;
  /** Remakes claimed in the period on lines the guarantee covered, and what they cost. */
  coveredRemakes: number;
  coveredRemakeCostCents: number;
  /** Remakes claimed in the period on lines it did not cover, and what they cost. */
  uncoveredRemakes: number;
  uncoveredRemakeCostCents: number;
}
