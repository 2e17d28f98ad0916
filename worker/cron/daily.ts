import { lt } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { customerDetails, leads } from '../db/schema';

/** The privacy notice promises enquiries are kept for up to two years (POPIA: no longer than needed). */
export const ENQUIRY_RETENTION_DAYS = 730;

export interface RetentionResult {
  leadsDeleted: number;
  customerDetailsDeleted: number;
}

/** Deletes enquiries older than the retention period, in one batch. */
export async function purgeExpiredEnquiries(db: D1Database, now = new Date()): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - ENQUIRY_RETENTION_DAYS * 86_400_000).toISOString();
  const d = drizzle(db);
  const [leadResult, detailResult] = await d.batch([
    d.delete(leads).where(lt(leads.createdAt, cutoff)),
    d.delete(customerDetails).where(lt(customerDetails.createdAt, cutoff)),
  ]);
  return { leadsDeleted: leadResult.meta.changes, customerDetailsDeleted: detailResult.meta.changes };
}
