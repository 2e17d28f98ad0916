import type { Env } from '../env';
import { purgeExpiredEnquiries } from './daily';

/** 04:00 UTC is 06:00 South African time (no daylight saving). */
export const DAILY_CRON = '0 4 * * *';

/** Cron Triggers: each schedule in wrangler.toml maps to its jobs here. */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  if (controller.cron === DAILY_CRON) {
    const result = await purgeExpiredEnquiries(env.DB, new Date(controller.scheduledTime));
    console.log(JSON.stringify({ level: 'info', job: 'enquiry-retention', ...result }));
    return;
  }
  console.warn(JSON.stringify({ level: 'warn', message: `No jobs for cron '${controller.cron}'` }));
}
