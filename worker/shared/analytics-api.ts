// The storefront's beacon (POST /api/analytics/events) and the staff dashboard's answer
// (GET /api/admin/dashboard): one contract for the worker and the web app.
import { z } from 'zod';
import type { FitGuaranteeFigures } from './remakes-api';

export const MAX_BEACON_EVENTS = 20;
export const MAX_BEACON_PATH = 200;

const beaconEventSchema = z.object({
  kind: z.enum(['page_view', 'visit'], { error: 'must be page_view or visit' }),
  path: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(MAX_BEACON_PATH, `must be at most ${MAX_BEACON_PATH} characters`)
    .startsWith('/', "must start with '/'"),
  productId: z
    .string()
    .regex(/^[a-z0-9_-]{1,80}$/i, 'must be a product id')
    .nullish()
    .transform((v) => v ?? null),
});

export const analyticsBeaconSchema = z.object({
  events: z
    .array(beaconEventSchema, { error: 'must be a list of events' })
    .min(1, 'must hold at least 1 event')
    .max(MAX_BEACON_EVENTS, `must hold at most ${MAX_BEACON_EVENTS} events`),
});
export type AnalyticsBeaconRequest = z.input<typeof analyticsBeaconSchema>;

/** A figure counted today and over the last 7 South African days (today included). */
export interface DayAndWeek {
  today: number;
  last7Days: number;
}

export interface DashboardAlert {
  key:
    | 'leads_not_contacted'
    | 'orders_not_dispatched'
    | 'orders_sizes_to_confirm'
    | 'orders_production_overdue'
    | 'failed_emails'
    | 'pin_lockouts';
  count: number;
  /** A sentence for staff, e.g. '2 leads have waited more than 24 hours for contact.' */
  sentence: string;
  /** The staff tool that deals with it. */
  link: string;
  linkLabel: string;
}

export interface ScorePart {
  label: string;
  /** null: nothing was due for this part, so it is not counted. */
  points: number | null;
  max: number;
  /** The inputs, e.g. '3 of 4 leads followed up in time'. */
  detail: string;
}

export interface DashboardAuditEntry {
  id: number;
  createdAt: string;
  actor: string;
  action: string;
  target: string | null;
}

export interface AdminDashboardResponse {
  success: true;
  computedAt: string;
  /** The South African day the figures are for, and the first day of the 7-day window. */
  today: string;
  weekFrom: string;
  visitors: DayAndWeek & { basis: string };
  chats: DayAndWeek & { opened: DayAndWeek; basis: string };
  alerts: { count: number; items: DashboardAlert[]; basis: string };
  /** value: null until some part applies (a shop with no activity has no score). */
  score: { value: number | null; parts: ScorePart[]; formula: string; basis: string };
  competitors: { value: number; note: string; basis: string };
  audit: DashboardAuditEntry[];
  /** Products still priced from a sample grid (DESIGN.md 6, 7b): null when every grid in force is an uploaded one. */
  samplePrices: SamplePricesAlert | null;
  /** What the fit guarantee costs over the 7 days (shared/remakes-api.ts). */
  fitGuarantee: FitGuaranteeFigures & { basis: string };
}

export interface SamplePricesAlert {
  products: { id: string; name: string }[];
  /** Names them and says what it means for customers. */
  sentence: string;
  link: string;
  linkLabel: string;
}
