// The figures of /marketing-insights and the daily report (staff spec sections 2.12, 3): computed
// from analytics_events and the records (leads, quotes, orders), never made up. Days are South
// African calendar days (UTC+2 all year); records keep UTC instants, so a day is a UTC range.
import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { database } from '../lib/db';
import { analyticsEvents, leads, orderLines, orders, products, quotes } from '../db/schema';
import type { DailyReportDto, DailySeriesPoint, InsightDto, LocationFigure, ProductInterestFigure } from '../shared/insights-api';
import { leadSizes } from '../shared/leads-api';
import { competitorInsights } from './competitor-prices';
import { normaliseProductKey } from './product-ids';
import { addDays, DAY_MS, southAfricanDay, startOfSouthAfricanDay } from '../shared/sa-time';

export const SERIES_DAYS = 30;

/** The UTC instants [start, end) of South African days `from`..`to` inclusive, as ISO strings. */
function utcRange(from: string, to: string): { start: string; end: string } {
  return { start: startOfSouthAfricanDay(from), end: startOfSouthAfricanDay(addDays(to, 1)) };
}

/** SQL: the South African day of a stored UTC instant column. */
const saDayOf = (column: unknown) => sql<string>`date(${column}, '+2 hours')`;

// ---------------------------------------------------------------------------------------------
// The lead score

/** The Garden Route service area, Mossel Bay to Plettenberg Bay: spellings people use -> the town. */
const GARDEN_ROUTE_PLACES: readonly [RegExp, string][] = [
  [/\bmossel ?bay\b|\bmosselbaai\b/, 'Mossel Bay'],
  [/\bhartenbos\b/, 'Hartenbos'],
  [/\b(great|little|groot|klein)[- ]?brak/, 'Great Brak River'],
  [/\bglentana\b/, 'Glentana'],
  [/\bherold'?s bay\b/, "Herold's Bay"],
  [/\bgeorge\b/, 'George'],
  [/\bwilderness\b/, 'Wilderness'],
  [/\bsedgefield\b/, 'Sedgefield'],
  [/\bknysna\b/, 'Knysna'],
  [/\bbrenton\b/, 'Brenton-on-Sea'],
  [/\bplettenberg ?bay\b|\bplett\b/, 'Plettenberg Bay'],
  [/\bkeurbooms/, 'Keurboomstrand'],
];

/** A lead's location as one spelling: a Garden Route town by its name, anything else trimmed and title-cased. */
export function normaliseLocation(raw: string | null | undefined): string | null {
  const text = raw?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const lower = text.toLowerCase();
  for (const [pattern, town] of GARDEN_ROUTE_PLACES) if (pattern.test(lower)) return town;
  return lower.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

export function inGardenRoute(location: string | null | undefined): boolean {
  const lower = location?.toLowerCase() ?? '';
  return GARDEN_ROUTE_PLACES.some(([pattern]) => pattern.test(lower));
}

export interface ScoredLead {
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  location: string | null;
  productInterest: string | null;
  sessionData: Record<string, unknown> | null;
}

const present = (value: unknown): boolean =>
  value !== null && value !== undefined && (typeof value !== 'string' || value.trim() !== '') && (typeof value !== 'object' || Object.keys(value).length > 0);

/** True when the lead gave a size that was really measured: typed by the customer or the scan with its A4 sheet. */
export function hasMeasuredSize(sessionData: Record<string, unknown> | null): boolean {
  return leadSizes(sessionData).some((s) => s.sizeSource === 'customer' || s.sizeSource === 'measured');
}

/** Leads scoring this or more are 'high value' in the daily report. */
export const HIGH_VALUE_LEAD_SCORE = 70;

/**
 * The lead score, 0-100: how ready a lead is to buy and how easily the business can serve it.
 * - contact channels: e-mail 15, phone 15, WhatsApp 10 (40 in all: more ways to reach them);
 * - product interest named (productInterest, or sessionData.blindType): 20;
 * - location: in the Garden Route service area (Mossel Bay..Plettenberg Bay, where staff measure
 *   and fit) 20, elsewhere in the country but given 10, none 0;
 * - a measured size (sessionData.dimensions with sizeSource 'customer' or 'measured'): 20 (they have
 *   measured: a quote can follow at once). A typical size, a photo estimate or a size without its
 *   source earns nothing: staff still have to measure.
 * So e-mail + phone + a product + a Garden Route town is exactly 70, the high-value threshold.
 */
export function leadScore(lead: ScoredLead): number {
  let score = 0;
  if (present(lead.email)) score += 15;
  if (present(lead.phone)) score += 15;
  if (present(lead.whatsapp)) score += 10;
  if (present(lead.productInterest) || present(lead.sessionData?.blindType)) score += 20;
  if (inGardenRoute(lead.location)) score += 20;
  else if (present(lead.location)) score += 10;
  if (hasMeasuredSize(lead.sessionData)) score += 20;
  return score;
}

// ---------------------------------------------------------------------------------------------
// Product names

type ProductNamer = (key: string | null | undefined, fallback?: string | null) => string | null;

/** Names a product from either id space or its name, falling back to what was given. */
async function productNamer(db: D1Database): Promise<ProductNamer> {
  const rows = await database(db).select({ id: products.id, calculatorId: products.calculatorId, name: products.name }).from(products);
  const byKey = new Map<string, string>();
  for (const row of rows) {
    byKey.set(normaliseProductKey(row.id), row.name);
    if (row.calculatorId) byKey.set(normaliseProductKey(row.calculatorId), row.name);
    byKey.set(row.name.trim().toLowerCase(), row.name);
  }
  return (key, fallback) => {
    const raw = key?.trim();
    if (raw) {
      const known = byKey.get(normaliseProductKey(raw)) ?? byKey.get(raw.toLowerCase());
      if (known) return known;
    }
    return fallback?.trim() || raw || null;
  };
}

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
    .select({ location: leads.location, email: leads.email, phone: leads.phone, whatsapp: leads.whatsapp, productInterest: leads.productInterest, sessionData: leads.sessionData })
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

  const dayQuotes = await d.select({ lines: quotes.lines }).from(quotes).where(and(gte(quotes.createdAt, start), lt(quotes.createdAt, end)));
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
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)));
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
      .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)))
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
    out.push(`No visits were recorded on ${f.date}: check that the site was reachable and that visits are being recorded, because every other figure depends on them.`);
  }
  if (f.highValueLeads > 0) {
    out.push(
      `Contact the ${f.highValueLeads} high-value lead${f.highValueLeads === 1 ? '' : 's'} first: they scored ${HIGH_VALUE_LEAD_SCORE} or more (ways to reach them, a product, a Garden Route area, measured sizes), and the site promises contact within 24 hours.`,
    );
  }
  if (f.totalVisitors > 0 && f.totalOrders === 0 && f.totalLeads === 0) {
    out.push(`${f.totalVisitors} visitor${f.totalVisitors === 1 ? '' : 's'} left neither a lead nor an order: check that the quote calculator and the consultation form are easy to find on the landing page.`);
  }
  const unconverted = f.productInterest.find((p) => p.mentions >= 3 && p.conversions === 0);
  if (unconverted) {
    out.push(`${unconverted.product} was asked about ${unconverted.mentions} times without an order: follow up its quotes, or review its price against competitors.`);
  }
  const top = f.topLocations[0];
  if (top && top.count >= 2) {
    out.push(`Most leads came from ${top.location} (${top.count}, average score ${top.avgLeadScore}): consider advertising or booking site visits there.`);
  }
  if (f.totalVisitors > 0 && f.conversionRate >= 5) {
    out.push(`Conversion was ${f.conversionRate}% (${f.totalOrders} order${f.totalOrders === 1 ? '' : 's'} from ${f.totalVisitors} visitors): note what was promoted that day and repeat it.`);
  }
  if (out.length === 0) out.push(`No rule applied to the figures of ${f.date}: nothing needs attention from this report.`);
  return out;
}

/** The daily report of one South African day (GET /api/admin/insights/daily and the e-mail). */
export async function dailyReport(db: D1Database, date: string, now = new Date()): Promise<DailyReportDto> {
  const d = database(db);
  const { start, end } = utcRange(date, date);
  const [visitorRow, orderRow, dayLeadRows, series] = await Promise.all([
    d
      .select({ n: sql<number>`count(distinct ${analyticsEvents.visitor})` })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.day, date), isNotNull(analyticsEvents.visitor))),
    d.select({ n: count() }).from(orders).where(and(gte(orders.createdAt, start), lt(orders.createdAt, end))),
    dayLeads(db, date),
    dailySeries(db, date),
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
    recommendations: recommendationsFor(figures),
    charts: { last30Days: series },
    highValueLeadScore: HIGH_VALUE_LEAD_SCORE,
    generatedAt: now.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Realtime insights

const PRICED_NOT_ORDERED_MIN_CHECKS = 3;

/**
 * What needs attention now, from the last 24 hours and 7 days: leads waiting for contact, products
 * priced often but not ordered, areas with most interest, chat volume against the day before,
 * quotes not turned into orders, and the week at a glance. With no data: 'Not enough data yet'.
 */
export async function realtimeInsights(db: D1Database, now = new Date()): Promise<InsightDto[]> {
  const d = database(db);
  const timestamp = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const twoDaysAgo = new Date(now.getTime() - 2 * DAY_MS).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const name = await productNamer(db);
  // Competitor price gaps come from the stored snapshots only (issue 11).
  const competitorGaps = await competitorInsights(db, timestamp);

  const [eventRows, weekLeads, weekOrders, weekQuotes, waitingLeads, priceChecks, orderedProducts, areaEvents, chats] = await Promise.all([
    d.select({ n: count() }).from(analyticsEvents).where(and(gte(analyticsEvents.createdAt, weekAgo), lt(analyticsEvents.createdAt, timestamp))),
    d.select({ location: leads.location }).from(leads).where(and(gte(leads.createdAt, weekAgo), lt(leads.createdAt, timestamp))),
    d.select({ reference: orders.reference, quoteId: orders.quoteId, totalCents: orders.totalCents }).from(orders).where(and(gte(orders.createdAt, weekAgo), lt(orders.createdAt, timestamp))),
    d.select({ id: quotes.id, totalCents: quotes.totalCents, createdAt: quotes.createdAt }).from(quotes).where(and(gte(quotes.createdAt, weekAgo), lt(quotes.createdAt, timestamp))).orderBy(desc(quotes.createdAt)),
    d.select({ id: leads.id, createdAt: leads.createdAt }).from(leads).where(and(eq(leads.followUpStatus, 'new'), lt(leads.createdAt, timestamp))).orderBy(leads.createdAt),
    d
      .select({ productId: analyticsEvents.productId, n: count() })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.kind, 'price_check'), isNotNull(analyticsEvents.productId), gte(analyticsEvents.createdAt, weekAgo), lt(analyticsEvents.createdAt, timestamp)))
      .groupBy(analyticsEvents.productId),
    d
      .select({ productId: orderLines.productId, productName: orderLines.productName, n: sql<number>`count(distinct ${orderLines.orderReference})` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.reference, orderLines.orderReference))
      .where(and(gte(orders.createdAt, weekAgo), lt(orders.createdAt, timestamp)))
      .groupBy(orderLines.productId, orderLines.productName),
    d
      .select({ area: analyticsEvents.area })
      .from(analyticsEvents)
      .where(and(isNotNull(analyticsEvents.area), sql`${analyticsEvents.kind} <> 'lead'`, gte(analyticsEvents.createdAt, weekAgo), lt(analyticsEvents.createdAt, timestamp))),
    d
      .select({ last24h: sql<number>`sum(case when ${analyticsEvents.createdAt} >= ${dayAgo} then 1 else 0 end)`, previous24h: sql<number>`sum(case when ${analyticsEvents.createdAt} < ${dayAgo} then 1 else 0 end)` })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.kind, 'chat_session'), gte(analyticsEvents.createdAt, twoDaysAgo), lt(analyticsEvents.createdAt, timestamp))),
  ]);

  const events = eventRows[0]?.n ?? 0;
  if (events === 0 && weekLeads.length === 0 && weekOrders.length === 0 && weekQuotes.length === 0 && waitingLeads.length === 0) {
    return [
      {
        title: 'Not enough data yet',
        description: 'No visits, chats, quotes, leads or orders were recorded in the last 7 days, so there is nothing to draw conclusions from.',
        priority: 'low',
        recommendations: ['Check again once customers have used the site; insights appear as soon as visits, quotes or leads are recorded.'],
        data: { windowDays: 7, events: 0, leads: 0, orders: 0, quotes: 0 },
        timestamp,
      },
      ...competitorGaps,
    ];
  }

  const insights: InsightDto[] = [...competitorGaps];

  // Leads waiting for contact (the site promises contact within 24 hours).
  if (waitingLeads.length > 0) {
    const overdue = waitingLeads.filter((lead) => lead.createdAt < dayAgo);
    insights.push({
      title: overdue.length > 0 ? `${overdue.length} lead${overdue.length === 1 ? '' : 's'} waiting more than 24 hours` : `${waitingLeads.length} new lead${waitingLeads.length === 1 ? '' : 's'} to contact`,
      description:
        overdue.length > 0
          ? `${waitingLeads.length} lead${waitingLeads.length === 1 ? ' is' : 's are'} still marked new; ${overdue.length} of them passed the 24-hour contact promise.`
          : `${waitingLeads.length} lead${waitingLeads.length === 1 ? ' is' : 's are'} marked new and still inside the 24-hour contact promise.`,
      priority: overdue.length > 0 ? 'high' : 'medium',
      recommendations: ['Open /leads, contact the oldest first, and mark each one contacted with a note.'],
      data: { waiting: waitingLeads.length, overdue: overdue.length, oldestCreatedAt: waitingLeads[0]!.createdAt },
      timestamp,
    });
  }

  // Products priced most but ordered least (7 days).
  const ordersByProduct = new Map<string, number>();
  for (const row of orderedProducts) {
    const product = name(row.productId, row.productName);
    if (product) ordersByProduct.set(product, (ordersByProduct.get(product) ?? 0) + Number(row.n));
  }
  const checksByProduct = new Map<string, number>();
  for (const row of priceChecks) {
    const product = name(row.productId);
    if (product) checksByProduct.set(product, (checksByProduct.get(product) ?? 0) + row.n);
  }
  const priced = [...checksByProduct.entries()]
    .map(([product, checks]) => ({ product, priceChecks: checks, orders: ordersByProduct.get(product) ?? 0 }))
    .sort((a, b) => b.priceChecks - a.priceChecks || a.orders - b.orders || a.product.localeCompare(b.product));
  const notOrdered = priced.filter((p) => p.priceChecks >= PRICED_NOT_ORDERED_MIN_CHECKS && p.orders === 0);
  if (notOrdered.length > 0) {
    insights.push({
      title: `${notOrdered[0]!.product}: priced ${notOrdered[0]!.priceChecks} times, not ordered`,
      description: `In the last 7 days ${notOrdered.length === 1 ? 'one product was' : `${notOrdered.length} products were`} priced at least ${PRICED_NOT_ORDERED_MIN_CHECKS} times without a single order.`,
      priority: 'medium',
      recommendations: [
        'Compare its price with competitors and check the sizes people ask for against the price grid.',
        'Offer a free measure and quote to people pricing it (a banner or the consultant can suggest it).',
      ],
      data: { windowDays: 7, products: notOrdered.slice(0, 5) },
      timestamp,
    });
  } else if (priced.length > 0) {
    insights.push({
      title: `Most priced product: ${priced[0]!.product}`,
      description: `${priced[0]!.priceChecks} price check${priced[0]!.priceChecks === 1 ? '' : 's'} and ${priced[0]!.orders} order${priced[0]!.orders === 1 ? '' : 's'} in the last 7 days.`,
      priority: 'low',
      recommendations: ['Keep it prominent on the landing page and make sure its colours and swatches are complete.'],
      data: { windowDays: 7, products: priced.slice(0, 5) },
      timestamp,
    });
  }

  // Areas with most interest (7 days): areas customers gave in events, and leads' locations.
  const areas = new Map<string, number>();
  for (const place of [...areaEvents.map((e) => e.area), ...weekLeads.map((l) => l.location)]) {
    const area = normaliseLocation(place);
    if (area) areas.set(area, (areas.get(area) ?? 0) + 1);
  }
  const rankedAreas = [...areas.entries()].map(([area, mentions]) => ({ area, mentions, gardenRoute: inGardenRoute(area) })).sort((a, b) => b.mentions - a.mentions || a.area.localeCompare(b.area));
  if (rankedAreas.length > 0) {
    const top = rankedAreas[0]!;
    insights.push({
      title: `Most interest from ${top.area}`,
      description: `${top.area} was named ${top.mentions} time${top.mentions === 1 ? '' : 's'} in the last 7 days${top.gardenRoute ? ', inside the Garden Route service area' : ', outside the Garden Route service area (served nationally)'}.`,
      priority: 'low',
      recommendations: [top.gardenRoute ? `Group site visits in ${top.area} on the same day.` : `Check that delivery and DIY fitting to ${top.area} are explained on the site.`],
      data: { windowDays: 7, areas: rankedAreas.slice(0, 5) },
      timestamp,
    });
  }

  // Chat volume against the previous 24 hours.
  const last24h = Number(chats[0]?.last24h ?? 0);
  const previous24h = Number(chats[0]?.previous24h ?? 0);
  if (last24h + previous24h > 0) {
    const changePercent = previous24h > 0 ? Math.round(((last24h - previous24h) / previous24h) * 100) : null;
    const dropped = changePercent !== null && changePercent <= -50;
    insights.push({
      title: changePercent === null ? `${last24h} chat${last24h === 1 ? '' : 's'} in the last 24 hours` : `Chats ${changePercent >= 0 ? 'up' : 'down'} ${Math.abs(changePercent)}% on the previous day`,
      description: `${last24h} chat session${last24h === 1 ? '' : 's'} in the last 24 hours against ${previous24h} in the 24 hours before.`,
      priority: dropped ? 'medium' : 'low',
      recommendations: [dropped ? 'Check that the chat panel opens and answers on the live site, and whether a campaign ended.' : 'Read a few of the chats for questions the site could answer up front.'],
      data: { last24h, previous24h, changePercent },
      timestamp,
    });
  }

  // Quotes not turned into orders (7 days).
  const quotedIds = new Set(weekOrders.map((o) => o.quoteId).filter(Boolean));
  const openQuotes = weekQuotes.filter((q) => !quotedIds.has(q.id));
  if (openQuotes.length > 0) {
    const valueCents = openQuotes.reduce((sum, q) => sum + q.totalCents, 0);
    insights.push({
      title: `${openQuotes.length} quote${openQuotes.length === 1 ? '' : 's'} not converted`,
      description: `${openQuotes.length} of ${weekQuotes.length} quote${weekQuotes.length === 1 ? '' : 's'} from the last 7 days have no order yet, worth R ${(valueCents / 100).toFixed(2)} together.`,
      priority: openQuotes.length >= 3 ? 'medium' : 'low',
      recommendations: ['Follow up quotes older than two days with a call or WhatsApp: they are valid for 30 days.'],
      data: { windowDays: 7, quotes: weekQuotes.length, notConverted: openQuotes.length, valueRand: valueCents / 100, quoteIds: openQuotes.slice(0, 10).map((q) => q.id) },
      timestamp,
    });
  }

  insights.push({
    title: 'The last 7 days at a glance',
    description: `${events} recorded event${events === 1 ? '' : 's'}, ${weekLeads.length} lead${weekLeads.length === 1 ? '' : 's'}, ${weekQuotes.length} quote${weekQuotes.length === 1 ? '' : 's'} and ${weekOrders.length} order${weekOrders.length === 1 ? '' : 's'}.`,
    priority: 'low',
    recommendations: ['Open the daily report below for a day-by-day view.'],
    data: { windowDays: 7, events, leads: weekLeads.length, quotes: weekQuotes.length, orders: weekOrders.length },
    timestamp,
  });

  const rank = { high: 0, medium: 1, low: 2 } as const;
  return insights.sort((a, b) => rank[a.priority] - rank[b.priority]);
}
