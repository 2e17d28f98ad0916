import type { Env } from '../env';
import {
  purgeActivity,
  purgeExpiredEnquiries,
  purgeOldPhotos,
  purgeOldProofs,
  purgeOutbox,
  purgeQuotesAndKeys,
} from '../services/staff/retention';
import { purgeSiteVisitRecords } from '../services/staff/site-visit-records';
import { purgeVisitBookings } from '../services/staff/visit-schedule';
import { purgeSampleLimits } from '../services/samples';

/**
 * The daily retention run (docs/decisions/005-retention-schedule.md). Each step stands alone, so
 * one failing does not keep the others from deleting what is past its period; the failure is
 * logged and rethrown at the end so the cron invocation shows as failed.
 */
export async function runDailyRetention(env: Pick<Env, 'DB' | 'MEDIA'>, now: Date): Promise<Record<string, number>> {
  const steps: [string, () => Promise<Record<string, number>>][] = [
    ['enquiries', () => purgeExpiredEnquiries(env.DB, now)],
    ['outbox', () => purgeOutbox(env.DB, now)],
    ['quotes', () => purgeQuotesAndKeys(env.DB, now)],
    ['photos', () => purgeOldPhotos(env.MEDIA, now)],
    ['proofs', () => purgeOldProofs(env.MEDIA, now)],
    ['activity', () => purgeActivity(env.DB, now)],
    ['site-visits', () => purgeSiteVisitRecords(env.DB, now)],
    ['visit-bookings', () => purgeVisitBookings(env.DB, now)],
    ['sample-limits', () => purgeSampleLimits(env.DB, now)],
  ];
  const counts: Record<string, number> = {};
  const failed: string[] = [];
  for (const [name, step] of steps) {
    try {
      Object.assign(counts, await step());
    } catch (err) {
      failed.push(name);
      console.error(
        JSON.stringify({ level: 'error', job: 'retention', step: name, message: err instanceof Error ? err.message : String(err) }),
      );
    }
  }
  console.log(
    JSON.stringify({ level: failed.length ? 'error' : 'info', job: 'retention', ...counts, ...(failed.length ? { failed } : {}) }),
  );
  if (failed.length) throw new Error(`Retention steps failed: ${failed.join(', ')}`);
  return counts;
}
