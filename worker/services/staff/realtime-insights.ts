// The realtime insights of /marketing-insights: what needs attention now, from the last 24 hours and
// 7 days of analytics_events and the records (leads, quotes, orders), never made up.

import { and, count, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { database } from '../../lib/db';
import { analyticsEvents, leads, orderLines, orders, quotes } from '../../db/schema';
import type { InsightDto } from '../../shared/insights-api';
import { competitorInsights } from './competitor-prices';
import { DAY_MS } from '../../shared/sa-time';
import { inGardenRoute, normaliseLocation } from './lead-score';
import { productNamer, type ProductNamer } from './product-namer';

const PRICED_NOT_ORDERED_MIN_CHECKS = 3;

/**
 * What needs attention now, from the last 24 hours and 7 days: leads waiting for contact, products
 * priced often but not ordered, areas with most interest, chat volume against the day before,
 * quotes not turned into orders, and the week at a glance. With no data: 'Not enough data yet'.
 */
export async function realtimeInsights(db: D1Database, now = new Date()): Promise<InsightDto[]> {
  const timestamp = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const name = await productNamer(db);
  // Competitor price gaps come from the stored snapshots only.
  const competitorGaps = await competitorInsights(db, timestamp);
  const rows = await recentRows(db, now);
  const { eventRows, weekLeads, weekOrders, weekQuotes, waitingLeads } = rows;

  const events = eventRows[0]?.n ?? 0;
  if (events === 0 && weekLeads.length === 0 && weekOrders.length === 0 && weekQuotes.length === 0 && waitingLeads.length === 0) {
    return [
      {
        title: 'Not enough data yet',
        description:
          'No visits, chats, quotes, leads or orders were recorded in the last 7 days, so there is nothing to draw conclusions from.',
        priority: 'low',
        recommendations: [
          'Check again once customers have used the site; insights appear as soon as visits, quotes or leads are recorded.',
        ],
        data: { windowDays: 7, events: 0, leads: 0, orders: 0, quotes: 0 },
        timestamp,
      },
      ...competitorGaps,
    ];
  }

  const insights: InsightDto[] = [...competitorGaps];

  addWaitingLeads(insights, rows, dayAgo, timestamp);
  addPricedNotOrdered(insights, rows, name, timestamp);
  addAreas(insights, rows, timestamp);
  addChatVolume(insights, rows, timestamp);
  addOpenQuotes(insights, rows, timestamp);

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

/** The rows the insights are drawn from: the last 7 days (chats: the last 48 hours) and the leads still new. */
async function recentRows(db: D1Database, now: Date) {
  const d = database(db);
  const timestamp = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const twoDaysAgo = new Date(now.getTime() - 2 * DAY_MS).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();

  const [eventRows, weekLeads, weekOrders, weekQuotes, waitingLeads, priceChecks, orderedProducts, areaEvents, chats] = await Promise.all([
    d
      .select({ n: count() })
      .from(analyticsEvents)
      .where(and(gte(analyticsEvents.createdAt, weekAgo), lt(analyticsEvents.createdAt, timestamp))),
    d
      .select({ location: leads.location })
      .from(leads)
      .where(and(gte(leads.createdAt, weekAgo), lt(leads.createdAt, timestamp))),
    d
      .select({ reference: orders.reference, quoteId: orders.quoteId, totalCents: orders.totalCents })
      .from(orders)
      // Free sample orders are not orders here (storefront spec 'Free samples'): no value, no conversion.
      .where(and(gte(orders.createdAt, weekAgo), lt(orders.createdAt, timestamp), eq(orders.kind, 'order'))),
    d
      .select({ id: quotes.id, totalCents: quotes.totalCents, createdAt: quotes.createdAt })
      .from(quotes)
      .where(and(gte(quotes.createdAt, weekAgo), lt(quotes.createdAt, timestamp)))
      .orderBy(desc(quotes.createdAt)),
    d
      .select({ id: leads.id, createdAt: leads.createdAt })
      .from(leads)
      .where(and(eq(leads.followUpStatus, 'new'), lt(leads.createdAt, timestamp)))
      .orderBy(leads.createdAt),
    d
      .select({ productId: analyticsEvents.productId, n: count() })
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.kind, 'price_check'),
          isNotNull(analyticsEvents.productId),
          gte(analyticsEvents.createdAt, weekAgo),
          lt(analyticsEvents.createdAt, timestamp),
        ),
      )
      .groupBy(analyticsEvents.productId),
    d
      .select({
        productId: orderLines.productId,
        productName: orderLines.productName,
        n: sql<number>`count(distinct ${orderLines.orderReference})`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.reference, orderLines.orderReference))
      .where(and(gte(orders.createdAt, weekAgo), lt(orders.createdAt, timestamp), eq(orders.kind, 'order')))
      .groupBy(orderLines.productId, orderLines.productName),
    d
      .select({ area: analyticsEvents.area })
      .from(analyticsEvents)
      .where(
        and(
          isNotNull(analyticsEvents.area),
          sql`${analyticsEvents.kind} <> 'lead'`,
          gte(analyticsEvents.createdAt, weekAgo),
          lt(analyticsEvents.createdAt, timestamp),
        ),
      ),
    d
      .select({
        last24h: sql<number>`sum(case when ${analyticsEvents.createdAt} >= ${dayAgo} then 1 else 0 end)`,
        previous24h: sql<number>`sum(case when ${analyticsEvents.createdAt} < ${dayAgo} then 1 else 0 end)`,
      })
      .from(analyticsEvents)
      .where(
        and(eq(analyticsEvents.kind, 'chat_session'), gte(analyticsEvents.createdAt, twoDaysAgo), lt(analyticsEvents.createdAt, timestamp)),
      ),
  ]);
  return { eventRows, weekLeads, weekOrders, weekQuotes, waitingLeads, priceChecks, orderedProducts, areaEvents, chats };
}

type RecentRows = Awaited<ReturnType<typeof recentRows>>;

/** Leads waiting for contact (the site promises contact within 24 hours). */
function addWaitingLeads(insights: InsightDto[], rows: RecentRows, dayAgo: string, timestamp: string): void {
  const { waitingLeads } = rows;
  if (waitingLeads.length > 0) {
    const overdue = waitingLeads.filter((lead) => lead.createdAt < dayAgo);
    insights.push({
      title:
        overdue.length > 0
          ? `${overdue.length} lead${overdue.length === 1 ? '' : 's'} waiting more than 24 hours`
          : `${waitingLeads.length} new lead${waitingLeads.length === 1 ? '' : 's'} to contact`,
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
}

/** Products priced most but ordered least (7 days). */
function addPricedNotOrdered(insights: InsightDto[], rows: RecentRows, name: ProductNamer, timestamp: string): void {
  const { orderedProducts, priceChecks } = rows;
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
}

/** Areas with most interest (7 days): areas customers gave in events, and leads' locations. */
function addAreas(insights: InsightDto[], rows: RecentRows, timestamp: string): void {
  const { areaEvents, weekLeads } = rows;
  const areas = new Map<string, number>();
  for (const place of [...areaEvents.map((e) => e.area), ...weekLeads.map((l) => l.location)]) {
    const area = normaliseLocation(place);
    if (area) areas.set(area, (areas.get(area) ?? 0) + 1);
  }
  const rankedAreas = [...areas.entries()]
    .map(([area, mentions]) => ({ area, mentions, gardenRoute: inGardenRoute(area) }))
    .sort((a, b) => b.mentions - a.mentions || a.area.localeCompare(b.area));
  if (rankedAreas.length > 0) {
    const top = rankedAreas[0]!;
    insights.push({
      title: `Most interest from ${top.area}`,
      description: `${top.area} was named ${top.mentions} time${top.mentions === 1 ? '' : 's'} in the last 7 days${top.gardenRoute ? ', inside the Garden Route service area' : ', outside the Garden Route service area (served nationally)'}.`,
      priority: 'low',
      recommendations: [
        top.gardenRoute
          ? `Group site visits in ${top.area} on the same day.`
          : `Check that delivery and DIY fitting to ${top.area} are explained on the site.`,
      ],
      data: { windowDays: 7, areas: rankedAreas.slice(0, 5) },
      timestamp,
    });
  }
}

/** Chat volume against the previous 24 hours. */
function addChatVolume(insights: InsightDto[], rows: RecentRows, timestamp: string): void {
  const { chats } = rows;
  const last24h = Number(chats[0]?.last24h ?? 0);
  const previous24h = Number(chats[0]?.previous24h ?? 0);
  if (last24h + previous24h > 0) {
    const changePercent = previous24h > 0 ? Math.round(((last24h - previous24h) / previous24h) * 100) : null;
    const dropped = changePercent !== null && changePercent <= -50;
    insights.push({
      title:
        changePercent === null
          ? `${last24h} chat${last24h === 1 ? '' : 's'} in the last 24 hours`
          : `Chats ${changePercent >= 0 ? 'up' : 'down'} ${Math.abs(changePercent)}% on the previous day`,
      description: `${last24h} chat session${last24h === 1 ? '' : 's'} in the last 24 hours against ${previous24h} in the 24 hours before.`,
      priority: dropped ? 'medium' : 'low',
      recommendations: [
        dropped
          ? 'Check that the chat panel opens and answers on the live site, and whether a campaign ended.'
          : 'Read a few of the chats for questions the site could answer up front.',
      ],
      data: { last24h, previous24h, changePercent },
      timestamp,
    });
  }
}

/** Quotes not turned into orders (7 days). */
function addOpenQuotes(insights: InsightDto[], rows: RecentRows, timestamp: string): void {
  const { weekOrders, weekQuotes } = rows;
  const quotedIds = new Set(weekOrders.map((o) => o.quoteId).filter(Boolean));
  const openQuotes = weekQuotes.filter((q) => !quotedIds.has(q.id));
  if (openQuotes.length > 0) {
    const valueCents = openQuotes.reduce((sum, q) => sum + q.totalCents, 0);
    insights.push({
      title: `${openQuotes.length} quote${openQuotes.length === 1 ? '' : 's'} not converted`,
      description: `${openQuotes.length} of ${weekQuotes.length} quote${weekQuotes.length === 1 ? '' : 's'} from the last 7 days have no order yet, worth R ${(valueCents / 100).toFixed(2)} together.`,
      priority: openQuotes.length >= 3 ? 'medium' : 'low',
      recommendations: ['Follow up quotes older than two days with a call or WhatsApp: they are valid for 30 days.'],
      data: {
        windowDays: 7,
        quotes: weekQuotes.length,
        notConverted: openQuotes.length,
        valueRand: valueCents / 100,
        quoteIds: openQuotes.slice(0, 10).map((q) => q.id),
      },
      timestamp,
    });
  }
}
