// The figures of /marketing-insights and the daily report (staff spec sections 2.12, 3): computed
// from analytics_events and the records (leads, quotes, orders), never made up. Days are South
// African calendar days (UTC+2 all year); records keep UTC instants, so a day is a UTC range.
import { and, count, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { database } from '../../lib/db';
import { analyticsEvents, leads, orderEvents, orderLines, orders, quotes } from '../../db/schema';
import type { DailyReportDto, DailySeriesPoint, LocationFigure, ProductInterestFigure } from '../../shared/insights-api';
import { HIGH_VALUE_LEAD_SCORE, leadScore, normaliseLocation, type ScoredLead } from './lead-score';
import { productNamer } from './product-namer';
import { revenueByMethod } from './insights-payments';
import { addDays, startOfSouthAfricanDay } from '../../shared/sa-time';

export const SERIES_DAYS = 30;

/** The UTC instants [start, end) of South African days `from`..`to` inclusive, as ISO strings. */
function utcRange(from: string, to: string): { start: string; end: string } {
  return { start: startOfSouthAfricanDay(from), end: startOfSouthAfricanDay(addDays(to, 1)) };
}

/** SQL: the South African day of a stored UTC instant column. */
const saDayOf = (column: unknown) => sql<string>`date(${column}, '+2 hours')`;

// ---------------------------------------------------------------------------------------------
// The daily report

/** Event kinds whose productId is a 'mention' (quotes and leads are counted from their records). */
const MENTION_EVENT_KINDS = ['price_check', 'chat_session', 'chat_message'] as const;
const TOP_LOCATIONS = 5;
const TOP_PRODUCTS = 10;

/** Orders / visitors as a percentage with one decimal; 0 without visitors. */
export function conversionRate(orderCount: number, visitorCount: number): number {
  if (visitorCount <= 0) return 0;
  return Math.round((orderCount / visitorCount) * 1000) / 10;
}

async function dayLeads(db: D1Database, day: string) {
  const { start, end } = utcRange(day, day);
  return database(db)
    .select({
      location: leads.location,
      email: leads.email,
      phone: leads.phone,
      whatsapp: leads.whatsapp,
      productInterest: leads.productInterest,
      sessionData: leads.sessionData,
    })
    .from(leads)
    .where(and(gte(leads.createdAt, start), lt(leads.createdAt, end)));
}

function topLocationsOf(dayLeadRows: ScoredLead[]): LocationFigure[] {
  const byLocation = new Map<string, { count: number; scoreSum: number }>();
  for (const lead of dayLeadRows) {
    const location = normaliseLocation(lead.location);
    if (!location) continue;
    const entry = byLocation.get(location) ?? { count: 0, scoreSum: 0 };
    entry.count += 1;
    entry.scoreSum += leadScore(lead);
    byLocation.set(location, entry);
  }
  return [...byLocation.entries()]
    .map(([location, { count, scoreSum }]) => ({ location, count, avgLeadScore: Math.round(scoreSum / count) }))
    .sort((a, b) => b.count - a.count || b.avgLeadScore - a.avgLeadScore || a.location.localeCompare(b.location))
    .slice(0, TOP_LOCATIONS);
}

async function productInterestOf(db: D1Database, day: string, dayLeadRows: ScoredLead[]): Promise<ProductInterestFigure[]> {
  const d = database(db);
  const { start, end } = utcRange(day, day);
  const name = await productNamer(db);
  const figures = new Map<string, ProductInterestFigure>();
  const entry = (product: string) => {
    let figure = figures.get(product);
    if (!figure) figures.set(product, (figure = { product, mentions: 0, conversions: 0 }));
    return figure;
  };

  const eventMentions = await d
    .select({ productId: analyticsEvents.productId, n: count() })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.day, day), inArray(analyticsEvents.kind, [...MENTION_EVENT_KINDS]), isNotNull(analyticsEvents.productId)))
    .groupBy(analyticsEvents.productId);
  for (const row of eventMentions) {
    const product = name(row.productId);
    if (product) entry(product).mentions += row.n;
  }

  const dayQuotes = await d
    .select({ lines: quotes.lines })
    .from(quotes)
    .where(and(gte(quotes.createdAt, start), lt(quotes.createdAt, end)));
  for (const quote of dayQuotes) {
    for (const line of quote.lines as { product_type?: string; product_name?: string }[]) {
      const product = name(line.product_type, line.product_name);
      if (product) entry(product).mentions += 1;
    }
  }

  for (const lead of dayLeadRows) {
    const blindType = typeof lead.sessionData?.blindType === 'string' ? lead.sessionData.blindType : null;
    const product = name(lead.productInterest ?? blindType);
    if (product) entry(product).mentions += 1;
  }

  // An order 'converts' each product on it once, however many lines carry that product.
  const orderedProducts = await d
    .selectDistinct({ reference: orderLines.orderReference, productId: orderLines.productId, productName: orderLines.productName })
    .from(orderLines)
    .innerJoin(orders, eq(orders.reference, orderLines.orderReference))
    // A free sample is interest, not a sale: sample orders convert nothing.
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end), eq(orders.kind, 'order')));
  const converted = new Set<string>();
  for (const row of orderedProducts) {
    const product = name(row.productId, row.productName);
    if (!product || converted.has(`${row.reference}\u0000${product}`)) continue;
    converted.add(`${row.reference}\u0000${product}`);
    entry(product).conversions += 1;
  }

  return [...figures.values()]
    .sort((a, b) => b.mentions - a.mentions || b.conversions - a.conversions || a.product.localeCompare(b.product))
    .slice(0, TOP_PRODUCTS);
}

/** Visits (distinct visitors), leads, orders and paid revenue (test payments apart) per day for the 30 days ending on `to`. */
export async function dailySeries(db: D1Database, to: string): Promise<DailySeriesPoint[]> {
  const d = database(db);
  const from = addDays(to, -(SERIES_DAYS - 1));
  const { start, end } = utcRange(from, to);
  const [visits, leadDays, orderDays, revenueDays] = await Promise.all([
    d
      .select({ day: analyticsEvents.day, n: sql<number>`count(distinct ${analyticsEvents.visitor})` })
      .from(analyticsEvents)
      .where(and(gte(analyticsEvents.day, from), sql`${analyticsEvents.day} <= ${to}`, isNotNull(analyticsEvents.visitor)))
      .groupBy(analyticsEvents.day),
    d
      .select({ day: saDayOf(leads.createdAt), n: count() })
      .from(leads)
      .where(and(gte(leads.createdAt, start), lt(leads.createdAt, end)))
      .groupBy(saDayOf(leads.createdAt)),
    d
      .select({ day: saDayOf(orders.createdAt), n: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end), eq(orders.kind, 'order')))
      .groupBy(saDayOf(orders.createdAt)),
    d
      .select({
        day: saDayOf(orders.paidAt),
        cents: sql<number>`sum(case when ${orders.paymentProvider} = 'sandbox' then 0 else ${orders.totalCents} end)`,
        testCents: sql<number>`sum(case when ${orders.paymentProvider} = 'sandbox' then ${orders.totalCents} else 0 end)`,
      })
      .from(orders)
      .where(and(eq(orders.paymentStatus, 'paid'), gte(orders.paidAt, start), lt(orders.paidAt, end)))
      .groupBy(saDayOf(orders.paidAt)),
  ]);
  const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((r) => [r.day, r]));
  const v = byDay(visits);
  const l = byDay(leadDays);
  const o = byDay(orderDays);
  const r = byDay(revenueDays);
  return Array.from({ length: SERIES_DAYS }, (_, i) => {
    const date = addDays(from, i);
    return {
      date,
      visits: Number(v.get(date)?.n ?? 0),
      leads: Number(l.get(date)?.n ?? 0),
      orders: Number(o.get(date)?.n ?? 0),
      revenue: Number(r.get(date)?.cents ?? 0) / 100,
      testRevenue: Number(r.get(date)?.testCents ?? 0) / 100,
    };
  });
}

/**
 * Free sample orders (storefront spec 'Free samples'), counted apart from orders: asked for in the
 * range, and posted in it (moved to 'dispatched').
 */
async function sampleFigures(db: D1Database, start: string, end: string): Promise<{ samplesRequested: number; samplesSent: number }> {
  const d = database(db);
  const [[requested], [sent]] = await Promise.all([
    d
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.kind, 'samples'), gte(orders.createdAt, start), lt(orders.createdAt, end))),
    d
      .select({ n: sql<number>`count(distinct ${orderEvents.orderReference})` })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.reference, orderEvents.orderReference))
      .where(
        and(
          eq(orders.kind, 'samples'),
          eq(orderEvents.kind, 'status'),
          eq(orderEvents.status, 'dispatched'),
          gte(orderEvents.createdAt, start),
          lt(orderEvents.createdAt, end),
        ),
      ),
  ]);
  return { samplesRequested: Number(requested?.n ?? 0), samplesSent: Number(sent?.n ?? 0) };
}

interface ReportFigures {
  date: string;
  totalVisitors: number;
  totalLeads: number;
  highValueLeads: number;
  totalOrders: number;
  conversionRate: number;
  topLocations: LocationFigure[];
  productInterest: ProductInterestFigure[];
}

/** Rules on the day's figures; each recommendation says which figure led to it. */
export function recommendationsFor(f: ReportFigures): string[] {
  const out: string[] = [];
  if (f.totalVisitors === 0) {
    out.push(
      `No visits were recorded on ${f.date}: check that the site was reachable and that visits are being recorded, because every other figure depends on them.`,
    );
  }
  if (f.highValueLeads > 0) {
    out.push(
      `Contact the ${f.highValueLeads} high-value lead${f.highValueLeads === 1 ? '' : 's'} first: they scored ${HIGH_VALUE_LEAD_SCORE} or more (ways to reach them, a product, a Garden Route area, measured sizes), and the site promises contact within 24 hours.`,
    );
  }
  if (f.totalVisitors > 0 && f.totalOrders === 0 && f.totalLeads === 0) {
    out.push(
      `${f.totalVisitors} visitor${f.totalVisitors === 1 ? '' : 's'} left neither a lead nor an order: check that the quote calculator and the consultation form are easy to find on the landing page.`,
    );
  }
  const unconverted = f.productInterest.find((p) => p.mentions >= 3 && p.conversions === 0);
  if (unconverted) {
    out.push(
      `${unconverted.product} was asked about ${unconverted.mentions} times without an order: follow up its quotes, or review its price against competitors.`,
    );
  }
  const top = f.topLocations[0];
  if (top && top.count >= 2) {
    out.push(
      `Most leads came from ${top.location} (${top.count}, average score ${top.avgLeadScore}): consider advertising or booking site visits there.`,
    );
  }
  if (f.totalVisitors > 0 && f.conversionRate >= 5) {
    out.push(
      `Conversion was ${f.conversionRate}% (${f.totalOrders} order${f.totalOrders === 1 ? '' : 's'} from ${f.totalVisitors} visitors): note what was promoted that day and repeat it.`,
    );
  }
  if (out.length === 0) out.push(`No rule applied to the figures of ${f.date}: nothing needs attention from this report.`);
  return out;
}

/** The daily report of one South African day (GET /api/admin/insights/daily and the e-mail). */
export async function dailyReport(db: D1Database, date: string, now = new Date()): Promise<DailyReportDto> {
  const d = database(db);
  const { start, end } = utcRange(date, date);
  const last30 = utcRange(addDays(date, 1 - SERIES_DAYS), date);
  const [visitorRow, orderRow, dayLeadRows, series, byMethod, samples] = await Promise.all([
    d
      .select({ n: sql<number>`count(distinct ${analyticsEvents.visitor})` })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.day, date), isNotNull(analyticsEvents.visitor))),
    d
      .select({ n: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end), eq(orders.kind, 'order'))),
    dayLeads(db, date),
    dailySeries(db, date),
    revenueByMethod(db, last30.start, last30.end),
    sampleFigures(db, start, end),
  ]);
  const totalVisitors = Number(visitorRow[0]?.n ?? 0);
  const totalOrders = Number(orderRow[0]?.n ?? 0);
  const figures: ReportFigures = {
    date,
    totalVisitors,
    totalLeads: dayLeadRows.length,
    highValueLeads: dayLeadRows.filter((lead) => leadScore(lead) >= HIGH_VALUE_LEAD_SCORE).length,
    totalOrders,
    conversionRate: conversionRate(totalOrders, totalVisitors),
    topLocations: topLocationsOf(dayLeadRows),
    productInterest: await productInterestOf(db, date, dayLeadRows),
  };
  return {
    ...figures,
    ...samples,
    recommendations: recommendationsFor(figures),
    charts: { last30Days: series },
    revenueByMethod: byMethod,
    highValueLeadScore: HIGH_VALUE_LEAD_SCORE,
    generatedAt: now.toISOString(),
  };
}
