// The contract of the marketing insights (staff spec sections 2.12, 3 'Insight', 'Daily report', 7):
// the route's validators and the /marketing-insights page both import it.
import { z } from 'zod';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD ('2026-02-30' is refused, not rolled over). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const reportDateSchema = z.string().trim().refine(isCalendarDate, { message: 'must be a date written YYYY-MM-DD' });

export const dailyQuerySchema = z.object({ date: reportDateSchema.optional().or(z.literal('').transform(() => undefined)) });

/** The spec's body is empty JSON; a date may name another day than today. */
export const sendDailySchema = z.object({ date: reportDateSchema.optional() }).strict();

export type InsightPriority = 'high' | 'medium' | 'low';

export interface InsightDto {
  title: string;
  description: string;
  priority: InsightPriority;
  recommendations: string[];
  data: Record<string, unknown>;
  /** When it was computed, ISO 8601. */
  timestamp: string;
}

export interface RealtimeInsightsResponse {
  success: true;
  insights: InsightDto[];
}

export interface LocationFigure {
  location: string;
  count: number;
  avgLeadScore: number;
}

export interface ProductInterestFigure {
  product: string;
  mentions: number;
  conversions: number;
}

export interface DailySeriesPoint {
  date: string;
  visits: number;
  leads: number;
  orders: number;
  /** Paid orders' totals in rand (two decimals), by the South African day they were paid; test payments left out. */
  revenue: number;
  /** Orders paid through the sandbox gateway that day, in rand: no money was taken (TEST_PAYMENT_NOTE). */
  testRevenue: number;
}

/** The ways customers pay, as the insights split paid revenue (card: Yoco or PayFast; instant EFT: Ozow). */
export type RevenueMethod = 'card' | 'instant_eft' | 'bank_transfer' | 'manual';

export const PAYMENT_METHOD_LABELS: Record<RevenueMethod | 'test', string> = {
  card: 'Card',
  instant_eft: 'Instant EFT (Ozow)',
  bank_transfer: 'Bank transfer',
  manual: 'Manual (recorded by staff)',
  test: 'Test payments (no money taken)',
};

export interface PaymentMethodFigure {
  method: RevenueMethod | 'test';
  label: string;
  /** Payments received (succeeded payment rows). */
  payments: number;
  /** What they brought in, in rand (two decimals). */
  revenue: number;
}

export interface DailyReportDto {
  date: string;
  totalVisitors: number;
  highValueLeads: number;
  /** Leads that day (the base of highValueLeads). */
  totalLeads: number;
  /** Orders placed that day (free sample orders apart: samplesRequested). */
  totalOrders: number;
  /** Free sample orders asked for that day: not orders, not revenue. */
  samplesRequested: number;
  /** Free sample orders posted (dispatched) that day. */
  samplesSent: number;
  /** Orders / visitors that day, a percentage with one decimal; 0 with no visitors. */
  conversionRate: number;
  topLocations: LocationFigure[];
  productInterest: ProductInterestFigure[];
  recommendations: string[];
  /** The 30 days ending on `date`, oldest first. */
  charts: { last30Days: DailySeriesPoint[] };
  /** Payments received in those 30 days, by the way customers paid (every method, test payments last when there were any). */
  revenueByMethod: PaymentMethodFigure[];
  /** The lead score threshold of highValueLeads. */
  highValueLeadScore: number;
  generatedAt: string;
}

export interface DailyReportResponse extends DailyReportDto {
  success: true;
}

export interface SendDailyResponse {
  success: true;
  date: string;
  /** False when this request queued the e-mail; true when it had been sent before (nothing queued). */
  alreadySent: boolean;
  /** True when the day had not ended: the figures so far were sent and the date is not used up (the complete report follows the next morning). */
  partial: boolean;
  sentBy: string;
  sentAt: string;
  /** The outbox message of the report (null when it was sent before the outbox kept it). */
  outboxId: number | null;
  message: string;
}
